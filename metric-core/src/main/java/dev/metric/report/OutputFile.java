package dev.metric.report;

import java.nio.file.Files;
import java.nio.file.Path;

/** The check every result file gets before a run, so that a bad path fails then and not after it. */
public final class OutputFile {

    private OutputFile() {
    }

    /**
     * Checks that {@code file} can be created or replaced: it is not a directory, and its
     * directory exists and is writable.
     *
     * @throws IllegalArgumentException with a one-line reason otherwise
     */
    public static void checkWritable(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(file + " is a directory");
        }
        if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent)) {
            throw new IllegalArgumentException(file + ": directory " + parent + " does not exist or is not writable");
        }
    }
}
