package dev.metric.search;

import dev.metric.config.Slo;
import dev.metric.result.ClientStalls;
import java.util.List;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;

/**
 * The verdict on one step of a capacity search, whatever the mode's traffic. A step passes when
 * every objective holds on response time, every operation due was sent, and nothing failed. A
 * failed step names its limit: requests that failed or came back wrong
 * ({@link CapacitySearch.Limit#ERRORS}); an objective broken by service time, from the wire to the
 * reply, which no client can improve ({@link CapacitySearch.Limit#SERVER}), unless the client's
 * stalls cover what service time exceeded every objective it broke by
 * ({@link CapacitySearch.Limit#STALLS}): service time holds the client's wait to run once a reply
 * is there, and a moment's wait at the objective's percentile, by the client's stall meter, that is
 * all of the excess leaves nothing the server is shown to have broken; or else the client, late
 * with its sends or unable to send them all ({@link CapacitySearch.Limit#CLIENT}). Its fields are
 * written at the step's level of the JSON.
 *
 * @param slosHeld          for each objective, whether response time met it
 * @param slosHeldByService for each objective, whether service time met it
 * @param passed            the verdict
 * @param limit             why it failed; null when it passed
 */
public record StepVerdict(List<Boolean> slosHeld, List<Boolean> slosHeldByService, boolean passed,
                          CapacitySearch.Limit limit) {

    /** A search's step that carries its verdict, which answers what the search asks of it. */
    public interface Judged extends CapacitySearch.Step {

        StepVerdict verdict();

        @Override
        default boolean passed() {
            return verdict().passed();
        }

        @Override
        default CapacitySearch.Limit limit() {
            return verdict().limit();
        }
    }

    /**
     * Judges a step's traffic by {@code slos}.
     *
     * @param responseNanos every operation's response time
     * @param serviceNanos  every operation's service time
     * @param failed        operations that failed or came back wrong
     * @param unsent        operations due that were never sent
     * @param stalls        what the client's stall meter saw over the step
     */
    public static StepVerdict judge(List<Slo> slos, Histogram responseNanos, Histogram serviceNanos, long failed,
                                    long unsent, ClientStalls stalls) {
        List<Boolean> held = slos.stream().map(slo -> slo.heldBy(responseNanos)).toList();
        List<Boolean> heldByService = slos.stream().map(slo -> slo.heldBy(serviceNanos)).toList();
        CapacitySearch.Limit limit;
        if (failed > 0) {
            limit = CapacitySearch.Limit.ERRORS;
        } else if (heldByService.contains(false)) {
            limit = stallsExplainAll(brokenBy(slos, heldByService), serviceNanos, stalls)
                    ? CapacitySearch.Limit.STALLS : CapacitySearch.Limit.SERVER;
        } else if (unsent > 0 || held.contains(false)) {
            limit = CapacitySearch.Limit.CLIENT;
        } else {
            limit = null;
        }
        return new StepVerdict(held, heldByService, limit == null, limit);
    }

    private static List<Slo> brokenBy(List<Slo> slos, List<Boolean> held) {
        return IntStream.range(0, slos.size()).filter(i -> !held.get(i)).mapToObj(slos::get).toList();
    }

    /**
     * Whether service time, less the client's stalls at the same percentile, meets each objective in
     * {@code broken}: the stalls are then all it exceeded them by. Never when no meter ran, or no
     * service time was measured.
     */
    static boolean stallsExplainAll(List<Slo> broken, Histogram serviceNanos, ClientStalls stalls) {
        return stalls.metered()
                && broken.stream().allMatch(slo -> slo.heldByLess(serviceNanos, stalls.momentsNanos()));
    }
}
