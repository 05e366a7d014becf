package dev.metric.cli.option;

import dev.metric.cli.convert.SettingNames;
import java.io.Console;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;

/**
 * {@code --askpass}: reads the password from the terminal without echoing it. The JDK's Console
 * is there only when both stdin and stdout are a terminal, and a benchmark's report is often
 * redirected to a file; then the prompt goes through {@code /dev/tty}, with {@code stty} turning
 * the echo off, as long as stdin is the terminal the user types at.
 */
final class PasswordPrompt {

    private static final String TTY = "/dev/tty";

    private PasswordPrompt() {
    }

    /**
     * @throws IllegalArgumentException when there is no terminal to ask at
     */
    static String read(String prompt) {
        Console console = System.console();
        if (console != null) {
            char[] typed = console.readPassword(prompt);
            return typed == null ? "" : new String(typed);
        }
        if (!succeeds("test", "-t", "0")) {
            throw new IllegalArgumentException("--askpass needs a terminal; use --password-file or "
                    + SettingNames.PASSWORD_VARIABLE);
        }
        try (RandomAccessFile terminal = new RandomAccessFile(TTY, "rw")) {
            terminal.write(prompt.getBytes(StandardCharsets.UTF_8));
            succeeds("stty", "-echo");
            try {
                String line = terminal.readLine(); // bytes as ISO-8859-1 chars
                return line == null ? ""
                        : new String(line.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
            } finally {
                succeeds("stty", "echo");
                terminal.write('\n');
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("--askpass cannot use the terminal (" + e.getMessage()
                    + "); use --password-file or " + SettingNames.PASSWORD_VARIABLE);
        }
    }

    /** Runs {@code command} on metric's own stdin (the terminal, when there is one). */
    private static boolean succeeds(String... command) {
        try {
            return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.INHERIT).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
