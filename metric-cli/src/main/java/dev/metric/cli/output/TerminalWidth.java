package dev.metric.cli.output;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * The width of the terminal progress is drawn on, as the terminal itself reports it: a redrawn
 * line longer than the terminal wraps and can no longer be redrawn, and shells do not export
 * {@code COLUMNS} to the programs they start. Asked of {@code stty size} on {@code /dev/tty}.
 */
final class TerminalWidth {

    private static final int FALLBACK = 80;
    private static final int NARROWEST = 40;

    private TerminalWidth() {
    }

    /** The terminal's columns; else {@code COLUMNS}; else 80. Never fewer than 40. */
    static int columns() {
        OptionalInt columns = fromStty();
        if (columns.isEmpty()) {
            columns = parseColumns(System.getenv("COLUMNS"));
        }
        return Math.max(NARROWEST, columns.orElse(FALLBACK));
    }

    private static OptionalInt fromStty() {
        File tty = new File("/dev/tty");
        if (!tty.canRead()) {
            return OptionalInt.empty();
        }
        try {
            Process stty = new ProcessBuilder("stty", "size").redirectInput(tty)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String size = new String(stty.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            if (!stty.waitFor(1, TimeUnit.SECONDS) || stty.exitValue() != 0) {
                stty.destroyForcibly();
                return OptionalInt.empty();
            }
            return parseSize(size);
        } catch (IOException e) {
            return OptionalInt.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalInt.empty();
        }
    }

    /** The columns of {@code stty size}'s answer, {@code "<rows> <columns>"}. */
    static OptionalInt parseSize(String size) {
        String[] parts = size.strip().split("\\s+");
        return parts.length == 2 ? parseColumns(parts[1]) : OptionalInt.empty();
    }

    /** A positive number of columns, or nothing. */
    static OptionalInt parseColumns(String text) {
        if (text == null) {
            return OptionalInt.empty();
        }
        try {
            int columns = Integer.parseInt(text.strip());
            return columns > 0 ? OptionalInt.of(columns) : OptionalInt.empty();
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }
}
