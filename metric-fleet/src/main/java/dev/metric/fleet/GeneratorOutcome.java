package dev.metric.fleet;

/**
 * How one generator of a fleet ended, and its log: what the fleet reads results from, whether it
 * ran in a pod or, in a simulation, as a process on this machine.
 *
 * @param index  its index in the Job
 * @param pod    its pod's name (a process's description in a simulation); null when it had none
 * @param node   the node it ran on; null when it was never scheduled
 * @param ending how it ended
 * @param detail the reason, in words: an exit code, the scheduler's message
 * @param log    everything it printed, stdout and stderr; empty when there is none
 */
public record GeneratorOutcome(int index, String pod, String node, Ending ending, String detail, String log) {

    /** How a generator ended. */
    public enum Ending {
        /** It exited 0. */
        SUCCEEDED,
        /** It exited with another code: its results, if it printed them, still count. */
        FAILED,
        /** It was still pending or running when the fleet stopped waiting. */
        UNFINISHED,
        /** It never had a pod. */
        MISSING
    }

    public GeneratorOutcome {
        log = log == null ? "" : log;
    }
}
