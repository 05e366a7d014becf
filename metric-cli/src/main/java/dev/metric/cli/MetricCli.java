package dev.metric.cli;

import dev.metric.cli.command.BenchCommand;
import dev.metric.cli.command.CompareCommand;
import dev.metric.cli.command.FleetCommand;
import dev.metric.cli.command.MemtierCommand;
import dev.metric.cli.command.MergeCommand;
import dev.metric.cli.command.Mode1Command;
import dev.metric.cli.command.Mode2Command;
import dev.metric.cli.command.ReplayCommand;
import dev.metric.cli.command.ReportCommand;
import dev.metric.cli.command.RunCommand;
import dev.metric.cli.command.SuiteCommand;
import dev.metric.cli.command.SweepCommand;
import dev.metric.cli.command.TraceCommand;
import dev.metric.cli.jvm.ForkedRun;
import dev.metric.cli.jvm.MeasuringJvm;
import dev.metric.cli.jvm.ParentWatch;
import dev.metric.cli.output.ExitCodes;
import dev.metric.cli.output.ManifestVersion;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code metric} command: the subcommands, help, version, and the error handling they share. */
@Command(name = "metric",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        description = "Benchmark harness for Redis-protocol servers: throughput and latency for realistic "
                + "data, every value written read back and verified.",
        subcommands = {Mode1Command.class, Mode2Command.class, RunCommand.class, MemtierCommand.class,
            SuiteCommand.class, BenchCommand.class, ReplayCommand.class, TraceCommand.class, SweepCommand.class,
            ReportCommand.class, CompareCommand.class, MergeCommand.class, FleetCommand.class,
            AutoComplete.GenerateCompletion.class, CommandLine.HelpCommand.class})
public final class MetricCli implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** {@code metric} alone: the usage summary, the subcommands and the exit codes. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return CommandLine.ExitCode.OK;
    }

    /** Runs a command that measures in the measuring JVM, every other here; exits with its exit code. */
    public static void main(String[] args) {
        Optional<List<String>> measuringJvm = MeasuringJvm.METRIC.command(args, MetricCli.class.getName(),
                MeasuringJvm.Facts::ofThisJvm);
        if (measuringJvm.isPresent()) {
            System.exit(ForkedRun.run(measuringJvm.get()));
        }
        ParentWatch.startIfForked();
        System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the command line with the given streams and returns the exit code; what tests call. */
    static int execute(PrintWriter out, PrintWriter err, String... args) {
        return commandLine(out, err).execute(args);
    }

    /** The command line as {@link #execute} runs it: its parse result stays readable afterwards. */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        ErrorHandler errors = new ErrorHandler();
        CommandLine commandLine = new CommandLine(new MetricCli(), new CommandFactory());
        listExitCodes(commandLine);
        // memtier_benchmark's options are read by its own rules (MemtierLine), in their order
        commandLine.getSubcommands().get("memtier").setUnmatchedOptionsArePositionalParams(true);
        return commandLine
                .setOut(out)
                .setErr(err)
                .setParameterExceptionHandler(errors)
                .setExecutionExceptionHandler(errors);
    }

    /** Each command's own exit codes in its help: merge, report and trace do not measure, so theirs differ. */
    private static void listExitCodes(CommandLine command) {
        Map<String, String> codes = switch (command.getCommandName()) {
            case "merge" -> ExitCodes.mergeList();
            case "report" -> ExitCodes.reportList();
            case "compare" -> ExitCodes.compareList();
            case "fleet" -> ExitCodes.fleetList();
            case "trace" -> ExitCodes.traceList();
            case "help", "generate-completion" -> Map.of();
            default -> ExitCodes.measuringList();
        };
        if (!codes.isEmpty()) {
            command.getCommandSpec().usageMessage()
                    .exitCodeListHeading("%nExit codes:%n")
                    .exitCodeList(codes);
        }
        command.getSubcommands().values().forEach(MetricCli::listExitCodes);
    }

    /**
     * Makes the subcommands; the fleet gets metric's own command line, to check a generator's arguments,
     * memtier, to run {@code run}, and suite, to run {@code memtier}.
     */
    private static final class CommandFactory implements CommandLine.IFactory {

        private final CommandLine.IFactory standard = CommandLine.defaultFactory();

        @Override
        public <K> K create(Class<K> type) throws Exception {
            if (type == FleetCommand.class) {
                return type.cast(new FleetCommand(MetricCli::commandLine));
            }
            if (type == SuiteCommand.class) {
                return type.cast(new SuiteCommand(MetricCli::commandLine));
            }
            return type == MemtierCommand.class ? type.cast(new MemtierCommand(MetricCli::commandLine))
                    : standard.create(type);
        }
    }
}
