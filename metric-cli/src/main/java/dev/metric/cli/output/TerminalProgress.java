package dev.metric.cli.output;

import dev.metric.run.PhaseProgress;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Progress on a terminal: a phase's updates redraw one line, with a bar, the share done and an
 * estimate of the time left; lines that stay (a phase starting, a note) scroll as usual. Where
 * there is no terminal, progress is plain lines, one per update, as a log wants.
 */
public final class TerminalProgress implements PhaseProgress {

    private static final int BAR_WIDTH = 20;
    private static final String CLEAR_LINE = "\r\033[K";

    private final PrintWriter err;
    private final int width;
    private final LongSupplier clock;
    private boolean drawn;
    private long phaseStartNanos = -1;
    private double phaseStartFraction;

    TerminalProgress(PrintWriter err, int width, LongSupplier clock) {
        this.err = err;
        this.width = width;
        this.clock = clock;
    }

    /**
     * Where progress goes: nowhere with {@code quiet}, a redrawn line on a terminal, else plain
     * lines on {@code err}. Java sees a terminal when both standard input and output are one.
     */
    public static Consumer<String> forStderr(PrintWriter err, boolean quiet) {
        if (quiet) {
            return line -> { };
        }
        if (System.console() == null || "dumb".equals(System.getenv("TERM"))) {
            return err::println;
        }
        return new TerminalProgress(err, TerminalWidth.columns(), System::nanoTime);
    }

    @Override
    public synchronized void accept(String line) {
        if (drawn) {
            err.print(CLEAR_LINE);
            drawn = false;
        }
        phaseStartNanos = -1;
        err.println(line);
        err.flush();
    }

    /** Clears a drawn update, so that what is printed next starts on a line of its own. */
    public synchronized void finish() {
        if (drawn) {
            err.print(CLEAR_LINE);
            err.flush();
            drawn = false;
        }
    }

    /** Clears {@code progress}'s drawn update, if it is a terminal's. */
    public static void finish(Consumer<String> progress) {
        if (progress instanceof TerminalProgress terminal) {
            terminal.finish();
        }
    }

    @Override
    public synchronized void update(double fraction, String line) {
        long now = clock.getAsLong();
        if (phaseStartNanos < 0) {
            phaseStartNanos = now;
            phaseStartFraction = fraction;
        }
        String text = bar(fraction) + eta(fraction, now) + "  " + line;
        err.print(CLEAR_LINE + (text.length() < width ? text : text.substring(0, width - 1)));
        err.flush();
        drawn = true;
    }

    private static String bar(double fraction) {
        int filled = (int) Math.round(fraction * BAR_WIDTH);
        return "[" + "#".repeat(filled) + ".".repeat(BAR_WIDTH - filled) + "] "
                + String.format(Locale.ROOT, "%3.0f%%", fraction * 100);
    }

    /** The time left at the pace since the phase's first update; blank until there is a pace. */
    private String eta(double fraction, long now) {
        double progressed = fraction - phaseStartFraction;
        if (progressed <= 0) {
            return "";
        }
        double secondsLeft = (now - phaseStartNanos) / 1e9 * (1 - fraction) / progressed;
        return String.format(Locale.ROOT, " ETA %.0f s", secondsLeft);
    }
}
