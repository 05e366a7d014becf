package dev.metric.mode.replay;

import dev.metric.run.OperationStats;

/**
 * What the lanes of one phase of a replay (or one side of its measured drive) record together:
 * latencies and failures by command (a row per command name of the trace, {@link OperationStats}),
 * and, into the run's {@link ReadChecks}, what its reads found.
 */
final class ReplayStats {

    final OperationStats operations;
    final ReadChecks checks;

    ReplayStats(int commands, ReadChecks checks) {
        this.operations = new OperationStats(commands);
        this.checks = checks;
    }

    /** The phase as one left out of the figures. */
    UnmeasuredPhase unmeasured(double seconds) {
        return new UnmeasuredPhase(operations.recorded(), seconds, operations.failures.total(),
                operations.failures.first());
    }
}
