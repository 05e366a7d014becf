package dev.metric.cli.option;

import dev.metric.cli.convert.OptionLists;
import dev.metric.cli.convert.SettingNames;
import dev.metric.client.ClientLibrary;
import dev.metric.sweep.SweepPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.TypeConversionException;

/** What a sweep varies and where it keeps its runs: {@code <kkeys> [port]} and the matrix options. */
public final class SweepOptions {

    @Parameters(index = "0", arity = "0..1", paramLabel = "<kkeys>",
            description = "Thousands of keys (1024 each), written once and used by every run. Leave it out when"
                    + " --keys gives the count.")
    public Integer kkeys;

    @Parameters(index = "1", arity = "0..1", paramLabel = "port",
            description = "Server port (default: 6379).")
    public Integer port;

    @Option(names = "--threads", paramLabel = "N,N...", defaultValue = "1,2,4,8",
            description = "Client thread counts (default: ${DEFAULT-VALUE}).")
    String threads;

    @Option(names = {"--client", "--clients"}, paramLabel = "LIB,LIB", defaultValue = "jedis,lettuce",
            description = "Client libraries, as mode1's and mode2's --client (default: ${DEFAULT-VALUE}). --clients"
                    + " is its old name, still accepted.")
    String clients;

    @Option(names = {"--pool-size", "--pool-sizes"}, paramLabel = "N,N...", defaultValue = "1,8,32",
            description = "Pool sizes, as mode1's and mode2's --pool-size; 'shared' is Lettuce's one shared"
                    + " connection, which jedis skips (default: ${DEFAULT-VALUE}). --pool-sizes is its old name.")
    String poolSizes;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3",
            description = "Runs of every cell, in rounds through the whole matrix (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "New directory for the runs (JSON, interval logs, runs.csv), summary and charts.")
    public Path out;

    @Option(names = "--no-breakdown", description = "Leave out each run's latency breakdown and its half second.")
    public boolean noBreakdown;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines on stderr; errors are still shown.")
    public boolean quiet;

    /**
     * The matrix the options describe.
     *
     * @throws IllegalArgumentException with a one-line reason for a bad list or an --out that holds runs
     */
    public SweepPlan plan() {
        if (Files.exists(out.resolve("runs"))) {
            throw new IllegalArgumentException("--out " + out + " already holds a sweep's runs: give a new directory");
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new IllegalArgumentException("--out " + out + " is a file, not a directory");
        }
        List<ClientLibrary> libraries = new ArrayList<>();
        for (String name : OptionLists.items("--client", clients)) {
            try {
                libraries.add(new ClientOptions.ClientLibraryConverter().convert(name));
            } catch (TypeConversionException e) {
                throw new IllegalArgumentException(SettingNames.message(e), e);
            }
        }
        List<Integer> sizes = new ArrayList<>();
        for (String size : OptionLists.items("--pool-size", poolSizes)) {
            sizes.add(size.toLowerCase(Locale.ROOT).equals("shared") ? 0
                    : OptionLists.wholeNumber("--pool-size", size, 1));
        }
        List<Integer> counts = new ArrayList<>();
        for (String count : OptionLists.items("--threads", threads)) {
            counts.add(OptionLists.wholeNumber("--threads", count, 1));
        }
        return new SweepPlan(libraries, sizes, counts, repeat);
    }
}
