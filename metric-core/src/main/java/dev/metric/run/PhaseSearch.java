package dev.metric.run;

import dev.metric.client.ClientSettings;
import dev.metric.config.RunConfig;
import dev.metric.config.RunLimits;
import dev.metric.config.SearchPlan;
import dev.metric.config.TrafficPlan;
import dev.metric.pacing.TargetRate;
import dev.metric.record.LatencySummary;
import dev.metric.result.JvmActivity;
import dev.metric.result.ScheduleKept;
import dev.metric.search.CapacitySearch;
import dev.metric.search.StepVerdict;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A capacity search over {@link FlowingPhase} steps, the same for every paced mode: the steps'
 * rates from {@link CapacitySearch}, each step's lanes (doubled when the client was late), its
 * warm-up (the first as a run's, each after it at its own rate for a second at least), and the
 * progress lines around it. A mode measures and judges each step ({@link StepMeasure}).
 */
public final class PhaseSearch {

    /** The least warm-up of each search step after the first, at the step's own rate. */
    public static final Duration STEP_WARMUP = Duration.ofSeconds(1);

    private PhaseSearch() {
    }

    /**
     * The lanes of a step.
     *
     * @param threads     client threads: event loops, or threads of lanes of their own
     * @param connections lanes per thread
     * @param window      requests in flight per lane
     */
    public record Lanes(int threads, int connections, int window) {

        /**
         * These lanes with {@code factor} times the concurrency: on event loops more connections per
         * loop, else more threads, each a lane of its own; each lane keeps its window.
         */
        Lanes times(int factor, boolean onLoops) {
            if (onLoops) {
                return new Lanes(threads, Math.min(RunLimits.MAX_LOOP_LANES / threads, connections * factor), window);
            }
            return new Lanes(Math.min(RunLimits.MAX_THREADS, threads * factor), connections, window);
        }
    }

    /** Measures and judges one step. */
    @FunctionalInterface
    public interface StepMeasure<T extends CapacitySearch.Step> {

        /**
         * @param number the step's number, from 1
         * @return the judged step, or null when the run was stopped during it
         */
        T measure(int number, double rate, CapacitySearch.Purpose purpose, Lanes lanes, FlowingPhase.Warmup warmup)
                throws InterruptedException;
    }

    /**
     * Runs {@code search} from {@code start} on {@code base}'s lanes.
     *
     * @param onLoops whether the client's lanes run on its event loops: the search then adds
     *                connections to each loop when the client is late, else threads
     * @param warmup  the run's warm-up, the first step's
     */
    public static <T extends CapacitySearch.Step> CapacitySearch.Outcome<T> run(SearchPlan search, TargetRate start,
                                                                              Lanes base, boolean onLoops,
                                                                              Duration warmup,
                                                                              Consumer<String> progress,
                                                                              StepMeasure<T> measure)
            throws InterruptedException {
        progress.accept(String.format(Locale.ROOT, "find-max: steps of %d s from %,.0f ops/s, at most %d steps, "
                        + "objectives %s; a rate passes twice to count; when the client is late, %s doubles, up to %d"
                        + " times", search.stepDuration().toSeconds(), start.opsPerSec(), search.maxSteps(),
                search.slos(), onLoops ? "the connections per thread" : "the thread count",
                CapacitySearch.MAX_CONCURRENCY_FACTOR));
        int[] stepNumber = {0};
        return new CapacitySearch(start, search.maxSteps()).run((rate, factor, purpose) -> {
            int number = ++stepNumber[0];
            FlowingPhase.Warmup stepWarmup = number == 1 ? FlowingPhase.Warmup.of(warmup)
                    : FlowingPhase.Warmup.atRate(STEP_WARMUP.compareTo(warmup) <= 0 ? STEP_WARMUP : warmup);
            if (stepWarmup != FlowingPhase.Warmup.NONE) {
                progress.accept(String.format(Locale.ROOT, "find-max: warming up for step %d at %,.0f ops/s until "
                        + "the JIT is quiet", number, rate));
            }
            return measure.measure(number, rate, purpose, base.times(factor, onLoops), stepWarmup);
        });
    }

    /**
     * The client settings of {@code config}, whose pool, when it follows the thread count and the run
     * searches, has a connection for every thread the search may add: it doubles the threads when
     * the client falls behind, and a thread added without one would wait for a connection instead of
     * sending.
     */
    public static ClientSettings poolFor(RunConfig config, TrafficPlan plan) {
        ClientSettings settings = config.client();
        if (plan.search() == null || !settings.poolPerThread()) {
            return settings;
        }
        return settings.withPoolSize(Math.min(RunLimits.MAX_THREADS,
                config.lanes() * CapacitySearch.MAX_CONCURRENCY_FACTOR));
    }

    /** The progress line where a step's measurement starts. */
    public static String stepLine(int number, double rate, CapacitySearch.Purpose purpose, Lanes lanes) {
        return String.format(Locale.ROOT, "find-max: step %d at %,.0f ops/s (%s), %d threads x %d connections x %d in"
                + " flight", number, rate, purpose.label(), lanes.threads(), lanes.connections(), lanes.window());
    }

    /** The progress line of a step's verdict. */
    public static String verdictLine(int number, double rate, ScheduleKept schedule, LatencySummary response,
                                     LatencySummary service, StepVerdict verdict, JvmActivity jvm) {
        return String.format(Locale.ROOT, "find-max: step %d at %,.0f ops/s: %,.0f sent per second, p99 %.3f ms, "
                        + "service p99 %.3f ms, %,d unsent: %s%s", number, rate, schedule.achievedOpsPerSec(),
                response.p99Micros() / 1000, service.p99Micros() / 1000, schedule.unsentOps(),
                verdict.passed() ? "pass" : "fail (" + verdict.limit().name().toLowerCase(Locale.ROOT) + ")",
                jvm.bound() ? "; " + jvm.clientBound() : "");
    }
}
