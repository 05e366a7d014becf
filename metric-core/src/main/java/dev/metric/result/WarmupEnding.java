package dev.metric.result;

/**
 * How a warm-up at the measured rate ended: with the JIT compiler quiet, or at its cap while it
 * still compiled, when the measured window that followed may include compiling.
 *
 * @param capped                  whether it ended at its cap
 * @param lastSecondCompileMillis the JIT's compiling in its last second; -1 where the JVM does not
 *                                report compile time
 */
public record WarmupEnding(boolean capped, long lastSecondCompileMillis) {
}
