package dev.metric.cli.option;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The original tool's positional arguments, {@code <threads> <kkeys> [port]}, shared by mode1,
 * mode2, run and bench, and the options memtier_benchmark and redis-benchmark users reach for
 * instead: {@code -t/--threads} ({@link Threads}; bench, whose {@code -t} names redis-benchmark's
 * tests, has {@code --threads} only: {@link LongThreads}) and {@code -p/--port}. With the threads
 * option the positionals start at {@code <kkeys>}, so {@code -t 4 100} reads as {@code 4 100}; each
 * value may be given one way only.
 */
public abstract class LoadShape {

    @Parameters(index = "0", arity = "0..1", paramLabel = "<threads>",
            description = "Client threads, 1..1000; or give them as --threads (or -t, but in bench), and the"
                    + " arguments start at <kkeys>.")
    Integer first;

    @Parameters(index = "1", arity = "0..1", paramLabel = "<kkeys>",
            description = "Thousands of keys. One k is 1024 keys, as in the original tool: 3000 = 3,072,000 keys."
                    + " Leave it out when --keys gives the count.")
    Integer second;

    @Parameters(index = "2", arity = "0..1", paramLabel = "port",
            description = "Server port (default: 6379; 11211 for memcached); or -p/--port.")
    Integer third;

    Integer threadsOption;

    /** The shape with {@code -t/--threads}: memtier_benchmark's {@code -t}. */
    public static final class Threads extends LoadShape {
        @Option(names = {"-t", "--threads"}, paramLabel = "N",
                description = "Client threads, instead of <threads> (memtier_benchmark's -t, redis-benchmark's"
                        + " --threads).")
        void threads(Integer threads) {
            threadsOption = threads;
        }

        @Override
        String threadsOptionName() {
            return "-t/--threads";
        }
    }

    /** The shape with {@code --threads} only, for a command whose {@code -t} is another option's. */
    public static final class LongThreads extends LoadShape {
        @Option(names = "--threads", paramLabel = "N",
                description = "Client threads, instead of <threads> (redis-benchmark's --threads).")
        void threads(Integer threads) {
            threadsOption = threads;
        }

        @Override
        String threadsOptionName() {
            return "--threads";
        }
    }

    /** How the command's threads option is spelled, for the messages that name it. */
    abstract String threadsOptionName();

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", description = "Server port, instead of the port argument.")
    Integer portOption;

    /**
     * The client threads: {@code <threads>} or {@code -t}.
     *
     * @throws IllegalArgumentException when neither gave them, or both did
     */
    public int threads() {
        if (threadsOption != null) {
            noThirdArgument(threadsOptionName(), threadsOption, third);
            return threadsOption;
        }
        if (first == null) {
            throw new IllegalArgumentException("the client threads are missing: give <threads> or "
                    + threadsOptionName());
        }
        return first;
    }

    /** {@code <kkeys>} as given (null when not): the first argument with {@code -t}, else the second. */
    public Integer kkeys() {
        return threadsOption != null ? first : second;
    }

    /** The port argument as given (null when not): the second argument with {@code -t}, else the third. */
    public Integer portArgument() {
        return threadsOption != null ? second : third;
    }

    /**
     * The port: {@code -p/--port}, or the positional one as {@code data} places it (with --keys, a
     * lone argument in {@code <kkeys>}'s place); null for the protocol's default.
     *
     * @throws IllegalArgumentException when both gave one
     */
    public Integer port(DataOptions data) {
        return either(data.port(kkeys(), portArgument()), portOption);
    }

    /**
     * Refuses a third argument beside the threads option {@code optionName} (given as
     * {@code threadsOption}): the arguments are then {@code <kkeys> [port]}.
     */
    static void noThirdArgument(String optionName, Object threadsOption, Integer third) {
        if (third != null) {
            throw new IllegalArgumentException("with " + optionName + " " + threadsOption + " the arguments are <kkeys>"
                    + " [port]; a third one (" + third + ") is one too many");
        }
    }

    /**
     * The port among the arguments or {@code -p/--port}'s, whichever was given.
     *
     * @throws IllegalArgumentException when both were
     */
    static Integer either(Integer positional, Integer option) {
        if (option != null && positional != null) {
            throw new IllegalArgumentException("the port is given twice: " + positional + " among the arguments and"
                    + " -p/--port " + option);
        }
        return option != null ? option : positional;
    }
}
