package dev.metric.mode.replay;

/** A line of a trace that cannot be read as its format says, and why, in a few words. */
final class TraceLineException extends RuntimeException {

    TraceLineException(String reason) {
        super(reason, null, false, false);
    }
}
