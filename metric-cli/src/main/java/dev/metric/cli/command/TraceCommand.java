package dev.metric.cli.command;

import dev.metric.cli.convert.QuantityConverters;
import dev.metric.cli.output.ExitCodes;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.ycsb.YcsbTrace;
import dev.metric.ycsb.YcsbWorkload;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code metric trace --workload ycsb-b}: a seeded trace of a YCSB core workload, for {@code metric replay}. */
@Command(name = "trace", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Write a trace of one of YCSB's core workloads, A to F, in the format YCSB's basic binding prints"
                    + " (READ, UPDATE, INSERT, SCAN; a read-modify-write as a READ and an UPDATE), for metric"
                    + " replay, which sends each operation as YCSB's Redis binding does. The same seed writes the"
                    + " same trace, so a run can be repeated exactly and shared.",
            "Records are named as YCSB's hashed insert order names them; each has 10 fields of 100 bytes; reads"
                    + " read all fields, updates write one; zipfian requests of constant 0.99 (latest for D);"
                    + " scans of 1 to 100 records. Without --load, a replay's warm phase writes the records the"
                    + " trace reads before it writes them."
        })
public final class TraceCommand implements Callable<Integer> {

    @Option(names = "--workload", paramLabel = "ycsb-a..ycsb-f", required = true,
            description = "The YCSB core workload: ycsb-a (update heavy), ycsb-b (read mostly), ycsb-c (read only),"
                    + " ycsb-d (read latest), ycsb-e (short ranges), ycsb-f (read-modify-write).")
    String workload;

    @Option(names = "--operations", paramLabel = "N", converter = QuantityConverters.Count.class,
            defaultValue = "1000000", description = "Operations, e.g. 500000 or 1m (1,048,576; k is 1024 in a"
                    + " count) (default: ${DEFAULT-VALUE}); YCSB's operationcount.")
    long operations;

    @Option(names = "--records", paramLabel = "N", converter = QuantityConverters.Count.class,
            defaultValue = "100000", description = "Records loaded before the operations (default: ${DEFAULT-VALUE});"
                    + " YCSB's recordcount.")
    long records;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of the draws (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--load", description = "Begin with the INSERT of every record, as ycsb load prints them.")
    boolean load;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE (default: standard output).")
    Path output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        YcsbTrace trace;
        try {
            trace = new YcsbTrace(YcsbWorkload.named(workload), records, operations, seed, load);
            if (output != null && Files.isDirectory(output)) {
                throw new IllegalArgumentException("--output " + output + " is a directory, not a file");
            }
        } catch (IllegalArgumentException e) {
            String message = e.getMessage().startsWith("expected ycsb") ? "--workload: " + e.getMessage()
                    : e.getMessage();
            throw new ParameterException(spec.commandLine(), message, e);
        }
        if (output != null) {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(output), 1 << 16)) {
                trace.write(out);
            } catch (IOException e) {
                spec.commandLine().getErr().println("metric trace: cannot write " + output + ": " + e.getMessage());
                return ExitCodes.FAILED;
            }
            return ExitCodes.VERIFIED;
        }
        PrintWriter out = spec.commandLine().getOut();
        try (OutputStream text = new BufferedOutputStream(new WriterStream(out), 1 << 16)) {
            trace.write(text);
        }
        if (out.checkError()) {
            spec.commandLine().getErr().println("metric trace: standard output could not be written to the end");
            return ExitCodes.FAILED;
        }
        return ExitCodes.VERIFIED;
    }

    /** The trace's bytes, all ASCII, onto the command's output writer. */
    private static final class WriterStream extends OutputStream {

        private final PrintWriter out;

        WriterStream(PrintWriter out) {
            this.out = out;
        }

        @Override
        public void write(int b) {
            out.write(b & 0xFF);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            out.write(new String(bytes, offset, length, StandardCharsets.ISO_8859_1));
        }

        @Override
        public void flush() {
            out.flush();
        }
    }
}
