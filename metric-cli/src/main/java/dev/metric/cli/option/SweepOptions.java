package dev.metric.cli.option;

import dev.metric.cli.convert.OptionLists;
import dev.metric.cli.convert.RenamedOption;
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

/**
 * What a sweep varies and where it keeps its runs: the modes' arguments {@code <threads> <kkeys>
 * [port]}, its threads a list, and the matrix options. As in the modes, {@code -t/--threads} and
 * {@code -p/--port} may stand for the first and the last, and with {@code -t} the arguments start
 * at {@code <kkeys>}.
 */
public final class SweepOptions {

    private static final String DEFAULT_THREADS = "1,2,4,8";
    private static final String DEFAULT_CLIENTS = "jedis,lettuce";
    private static final String DEFAULT_POOL_SIZES = "1,8,32";

    @Parameters(index = "0", arity = "0..1", paramLabel = "<threads>",
            description = "Client thread counts, N,N... (default: " + DEFAULT_THREADS + "); or -t/--threads, and the"
                    + " arguments start at <kkeys>.")
    String first;

    @Parameters(index = "1", arity = "0..1", paramLabel = "<kkeys>",
            description = "Thousands of keys (1024 each), written once and used by every run. Leave it out when"
                    + " --keys gives the count.")
    Integer second;

    @Parameters(index = "2", arity = "0..1", paramLabel = "port",
            description = "Server port (default: 6379); or -p/--port.")
    Integer third;

    @Option(names = {"-t", "--threads"}, paramLabel = "N,N...", description = "Client thread counts, instead of"
            + " <threads>.")
    String threadsOption;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", description = "Server port, instead of the port argument.")
    Integer portOption;

    @Option(names = "--client", paramLabel = "LIB,LIB",
            description = "Client libraries, as mode1's and mode2's --client (default: " + DEFAULT_CLIENTS + ").")
    String clients;

    @Option(names = "--clients", paramLabel = "LIB,LIB", hidden = true, description = "The old name of --client.")
    String oldClients;

    @Option(names = "--pool-size", paramLabel = "N,N...",
            description = "Pool sizes, as mode1's and mode2's --pool-size; 'shared' is Lettuce's one shared"
                    + " connection, which jedis skips (default: " + DEFAULT_POOL_SIZES + ").")
    String poolSizes;

    @Option(names = "--pool-sizes", paramLabel = "N,N...", hidden = true, description = "The old name of --pool-size.")
    String oldPoolSizes;

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

    /** {@code <kkeys>} as given (null when not): the first argument with {@code -t}, else the second. */
    public Integer kkeys() {
        return threadsOption != null ? (first == null ? null : OptionLists.wholeNumber("<kkeys>", first, 1)) : second;
    }

    /** The port argument as given (null when not): the second argument with {@code -t}, else the third. */
    public Integer portArgument() {
        return threadsOption != null ? second : third;
    }

    /**
     * The port: {@code -p/--port}, or the positional one as {@code data} places it; null for the default.
     *
     * @throws IllegalArgumentException when both gave one
     */
    public Integer port(DataOptions data) {
        return LoadShape.either(data.port(kkeys(), portArgument()), portOption);
    }

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
        for (String name : OptionLists.items("--client",
                RenamedOption.value("--client", clients, "--clients", oldClients, DEFAULT_CLIENTS))) {
            try {
                libraries.add(new ClientOptions.ClientLibraryConverter().convert(name));
            } catch (TypeConversionException e) {
                throw new IllegalArgumentException(SettingNames.message(e), e);
            }
        }
        List<Integer> sizes = new ArrayList<>();
        for (String size : OptionLists.items("--pool-size",
                RenamedOption.value("--pool-size", poolSizes, "--pool-sizes", oldPoolSizes, DEFAULT_POOL_SIZES))) {
            sizes.add(size.toLowerCase(Locale.ROOT).equals("shared") ? 0
                    : OptionLists.wholeNumber("--pool-size", size, 1));
        }
        if (threadsOption != null) {
            LoadShape.noThirdArgument("-t/--threads", threadsOption, third);
        }
        String threads = threadsOption != null ? threadsOption : first != null ? first : DEFAULT_THREADS;
        String named = threadsOption != null ? "--threads" : "<threads>";
        List<Integer> counts = new ArrayList<>();
        for (String count : OptionLists.items(named, threads)) {
            counts.add(OptionLists.wholeNumber(named, count, 1));
        }
        return new SweepPlan(libraries, sizes, counts, repeat);
    }
}
