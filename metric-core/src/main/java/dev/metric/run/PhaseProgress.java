package dev.metric.run;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * Where a run's progress goes, when it can show a phase's periodic updates in place (a terminal
 * redraws one line with a bar) rather than as a new line each time. Runners take a plain
 * {@code Consumer<String>}; their periodic updates go through {@link #update(Consumer, double, String)}.
 */
public interface PhaseProgress extends Consumer<String> {

    /**
     * The locale periodic updates format their numbers in. It writes them as {@link Locale#ROOT}
     * does (digits, a comma between thousands, a point before decimals), and it is the one locale
     * {@link java.util.Formatter} groups and places the point for without building a
     * {@link java.text.DecimalFormat} and its symbols on every call, as it does for any other,
     * {@code ROOT} included. A line a second is code the JIT compiles late, inside a measured
     * window: there, that formatting was the largest share of the compiling (results/compile-in-window).
     */
    Locale NUMBERS = Locale.US;

    /**
     * An update of the running phase.
     *
     * @param fraction how much of the phase is done, 0 to 1
     * @param line     what the update says
     */
    void update(double fraction, String line);

    /** Sends an update to {@code progress}: in place when it can draw one so, else as a line. */
    static void update(Consumer<String> progress, double fraction, String line) {
        if (progress instanceof PhaseProgress phase) {
            phase.update(Math.max(0, Math.min(1, fraction)), line);
        } else {
            progress.accept(line);
        }
    }
}
