package dev.metric.mode.cache;

import dev.metric.config.Slo;
import dev.metric.result.ClientStalls;
import dev.metric.result.PhaseResult;
import dev.metric.search.CapacitySearch;
import java.util.List;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;

/**
 * One step of a capacity search and its verdict. A step passes when every objective holds on
 * response time, every operation due was sent, and nothing failed. A failed step names its
 * limit: requests that failed or came back wrong ({@link CapacitySearch.Limit#ERRORS}); an
 * objective broken by service time, from the wire to the reply, which no client can improve
 * ({@link CapacitySearch.Limit#SERVER}), unless the client's stalls cover what service time
 * exceeded every objective it broke by ({@link CapacitySearch.Limit#STALLS}): service time holds
 * the client's wait to run once a reply is there, and a moment's wait at the objective's
 * percentile, by the client's stall meter, that is all of the excess leaves nothing the server is
 * shown to have broken; or else the client, late with its sends or unable to send them all
 * ({@link CapacitySearch.Limit#CLIENT}).
 *
 * @param targetOpsPerSec the rate asked for
 * @param purpose         why the step ran: a new rate, a confirmation, or more concurrency
 * @param warmUp          the step's warm-up at its rate, left out of its figures; null when it had none
 * @param traffic         what the step measured, with the threads and requests in flight it had
 * @param slosHeld        for each objective, whether response time met it
 * @param slosHeldByService for each objective, whether service time met it
 * @param passed          the verdict
 * @param limit           why it failed; null when it passed
 */
public record SearchStep(double targetOpsPerSec, CapacitySearch.Purpose purpose, PhaseResult warmUp,
                         PhaseResult traffic,
                         List<Boolean> slosHeld, List<Boolean> slosHeldByService, boolean passed,
                         CapacitySearch.Limit limit) implements CapacitySearch.Step {

    /** Judges {@code traffic} against the objectives. */
    public static SearchStep judge(double targetOpsPerSec, CapacitySearch.Purpose purpose, PhaseResult warmUp,
                                   PhaseResult traffic, List<Slo> slos) {
        PhaseResult.Histograms times = traffic.histograms();
        List<Boolean> held = slos.stream().map(slo -> slo.heldBy(times.allResponseNanos())).toList();
        List<Boolean> heldByService = slos.stream().map(slo -> slo.heldBy(times.allServiceNanos())).toList();
        CapacitySearch.Limit limit;
        if (traffic.errors() > 0 || traffic.checks().verificationFailures() > 0) {
            limit = CapacitySearch.Limit.ERRORS;
        } else if (heldByService.contains(false)) {
            limit = stallsExplainAll(brokenBy(slos, heldByService), traffic.histograms().allServiceNanos(),
                    traffic.work().jvm().stalls()) ? CapacitySearch.Limit.STALLS : CapacitySearch.Limit.SERVER;
        } else if (traffic.schedule().unsentOps() > 0 || held.contains(false)) {
            limit = CapacitySearch.Limit.CLIENT;
        } else {
            limit = null;
        }
        return new SearchStep(targetOpsPerSec, purpose, warmUp, traffic, held, heldByService, limit == null, limit);
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
