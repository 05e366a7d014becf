package dev.metric.cli.jvm;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Whether a command runs in a JVM of metric's own, and with which options: the measuring JVM.
 *
 * <p>{@code java -jar metric.jar} gives a JVM sized for no one in particular: a default heap whose
 * young generation fills every second or so at 40,000 requests a second, and a collector whose
 * pauses land inside the measured window, where a client measures itself. A command that measures
 * (mode1, mode2, run, memtier, suite, bench, replay, sweep) is therefore run again in a child JVM, as JMH forks its
 * benchmarks, with the serial collector (one client core, no concurrent collector threads beside
 * the lanes), the heap the JVM would have chosen, and half of it young: enough for a run's window
 * at a set rate to allocate without a collection, once the switch to the measurement has touched
 * the part it needs (see {@code dev.metric.run.YoungGeneration}). Transparent huge pages, where the
 * kernel offers them on request, make that touch several times quicker (1.2 GB touched at start:
 * 1.4 s against 5.0 s on this project's machine).
 *
 * <p>A user who chose a JVM keeps it: a command started with any JVM option (on {@code java}'s
 * command line or in {@code JAVA_TOOL_OPTIONS}: a heap, a collector, a profiler's agent, a GC log)
 * runs in the JVM that was started, so that what the options observe is the run. So does every
 * command with {@code METRIC_FORK=0} in the environment, and every command that does not measure.
 * The result's {@code options} line shows what the run's JVM ran with.
 *
 * @param measuring the subcommands that run in a measuring JVM
 */
public record MeasuringJvm(Set<String> measuring) {

    /** The environment variable that, set to {@code 0}, keeps every command in the JVM that was started. */
    public static final String FORK = "METRIC_FORK";

    /** The subcommands that measure. */
    public static final MeasuringJvm METRIC = new MeasuringJvm(Set.of("mode1", "mode2", "run", "memtier", "suite",
            "bench", "replay", "sweep"));

    /**
     * What this JVM knows of itself that the choice depends on.
     *
     * @param inputArguments the options this JVM was started with
     * @param maxHeapBytes   its largest heap (its {@code MaxHeapSize})
     * @param hugePages      whether the kernel gives transparent huge pages on request
     * @param java           the {@code java} executable
     * @param classPath      this JVM's class path
     * @param setsid         the {@code setsid} executable, empty where there is none
     * @param environment    this process's environment
     */
    public record Facts(List<String> inputArguments, long maxHeapBytes, boolean hugePages, String java,
                        String classPath, Optional<String> setsid, Map<String, String> environment) {

        /** What the running JVM knows of itself. */
        public static Facts ofThisJvm() {
            long maxHeap = Long.parseLong(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .getVMOption("MaxHeapSize").getValue());
            return new Facts(ManagementFactory.getRuntimeMXBean().getInputArguments(), maxHeap, hugePagesOnRequest(),
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    System.getProperty("java.class.path"), onPath("setsid"), System.getenv());
        }

        private static boolean hugePagesOnRequest() {
            try {
                String enabled = Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"));
                return enabled.contains("[always]") || enabled.contains("[madvise]");
            } catch (IOException | RuntimeException unreadable) {
                return false;
            }
        }

        private static Optional<String> onPath(String name) {
            String path = System.getenv("PATH");
            return path == null ? Optional.empty() : Arrays.stream(path.split(File.pathSeparator))
                    .filter(directory -> !directory.isEmpty())
                    .map(directory -> Path.of(directory, name))
                    .filter(Files::isExecutable)
                    .map(Path::toString)
                    .findFirst();
        }
    }

    /**
     * The command line of the measuring JVM for {@code args}, or empty when they run here: a command
     * that does not measure, a JVM started with options of the user's, {@code METRIC_FORK=0}, or no
     * {@code setsid} to give the child a session of its own (without one, Ctrl-C would reach it
     * twice: from the terminal and from here).
     */
    public Optional<List<String>> command(String[] args, String mainClass, Supplier<Facts> knowing) {
        if (args.length == 0 || !measuring.contains(args[0])) {
            return Optional.empty();
        }
        // Asked only here: a command that does not measure starts without reading the JVM's beans.
        Facts facts = knowing.get();
        if (!facts.inputArguments().isEmpty() || "0".equals(facts.environment().get(FORK))
                || facts.setsid().isEmpty()) {
            return Optional.empty();
        }
        List<String> command = new ArrayList<>();
        command.add(facts.setsid().get());
        command.add(facts.java());
        command.addAll(options(facts));
        command.add("-cp");
        command.add(facts.classPath());
        command.add(mainClass);
        command.addAll(List.of(args));
        return Optional.of(command);
    }

    /** The measuring JVM's options: the serial collector, the heap this JVM has, half of it young. */
    private static List<String> options(Facts facts) {
        List<String> options = new ArrayList<>();
        long megabytes = facts.maxHeapBytes() >> 20;
        options.add("-XX:+UseSerialGC");
        options.add("-Xmx" + megabytes + "m");
        options.add("-Xmn" + megabytes / 2 + "m");
        if (facts.hugePages()) {
            options.add("-XX:+UseTransparentHugePages");
        }
        return options;
    }
}
