package dev.metric.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where results are written besides the report on stdout. */
final class OutputOptions {

    @Option(names = "--json", paramLabel = "FILE",
            description = "Also write the full result, configuration included, as JSON to FILE.")
    Path json;

    /** Fails before the run, not after it, when the JSON file cannot be written. */
    void checkWritable() {
        if (json == null) {
            return;
        }
        Path parent = json.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent)) {
            throw new IllegalArgumentException("--json " + json + ": directory " + parent
                    + " does not exist or is not writable");
        }
        if (Files.isDirectory(json)) {
            throw new IllegalArgumentException("--json " + json + " is a directory");
        }
    }
}
