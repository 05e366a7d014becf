package dev.metric.cli;

import dev.metric.cli.convert.SettingNames;
import dev.metric.cli.output.ExitCodes;
import dev.metric.client.ConnectionFailedException;
import dev.metric.client.jedis.SentinelLookup;
import dev.metric.run.RunRefusedException;
import dev.metric.server.ServerUnreachableException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Turns every failure into one line on stderr and an exit code from {@link ExitCodes}: users
 * see what went wrong, never a stack trace.
 */
final class ErrorHandler implements IExecutionExceptionHandler, IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        if (command.isUnmatchedOptionsArePositionalParams()) {
            // memtier's command line, read by its own rules: its message names the option as typed
            err.println(command.getCommandSpec().qualifiedName() + ": " + oneLine(e.getMessage()) + " (see '"
                    + command.getCommandSpec().qualifiedName() + " --help')");
            err.flush();
            return ExitCodes.USAGE;
        }
        String host = hostAfterHelp(command.getCommandSpec(), args);
        if (host != null) {
            err.println(command.getCommandSpec().qualifiedName() + ": -h is help here, as in memtier_benchmark, not"
                    + " redis-benchmark's host: give the server as --host " + host + " (or -s " + host + ")");
            err.flush();
            return ExitCodes.USAGE;
        }
        ParameterException reported = e instanceof UnmatchedArgumentException ? e : unknownOption(command, args, e);
        err.println(command.getCommandSpec().qualifiedName() + ": " + oneLine(asTyped(reported, args))
                + suggestion(reported) + " (see '" + command.getCommandSpec().qualifiedName() + " --help')");
        err.flush();
        return ExitCodes.USAGE;
    }

    /**
     * The first word of {@code args} that is written as an option and that {@code command} does not
     * know, as picocli names an unknown option; else {@code e}. picocli takes the value after an
     * unknown option for the next positional parameter and may stop at that first ({@code --ratio
     * 1:10}: "'1:10' is not an int" for the port), where the unknown option is what went wrong.
     * Words after {@code --} (a fleet's generator command line) and the value of a known option are
     * not options.
     */
    private static ParameterException unknownOption(CommandLine command, String[] args, ParameterException e) {
        CommandSpec spec = command.getCommandSpec();
        boolean valueExpected = false;
        for (String arg : args) {
            if (arg.equals("--")) {
                break;
            }
            if (valueExpected) {
                valueExpected = false;
                continue;
            }
            if (!arg.startsWith("-") || arg.length() < 2 || Character.isDigit(arg.charAt(1))) {
                continue;
            }
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            OptionSpec option = spec.findOption(name);
            if (option == null && !isParentOption(spec, name) && !isShortOptionCluster(spec, name)) {
                return new UnmatchedArgumentException(command, List.of(arg));
            }
            valueExpected = option != null && !arg.contains("=") && option.arity().min() > 0;
        }
        return e;
    }

    /**
     * {@code e}'s message with the option named as the user wrote it: picocli names an option by its
     * longest name, which for {@code --test-time 8d} is not {@code --duration}'s own.
     */
    private static String asTyped(ParameterException e, String[] args) {
        String message = e.getMessage();
        if (!(e.getArgSpec() instanceof OptionSpec option) || message == null) {
            return message;
        }
        for (String arg : args) {
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (!name.equals(option.longestName()) && List.of(option.names()).contains(name)) {
                return message.replace("'" + option.longestName() + "'", "'" + name + "'");
            }
        }
        return message;
    }

    /**
     * The word after {@code -h} when it reads as a host ({@code -h 127.0.0.1}, redis-benchmark's
     * habit) and the command takes a host; else null.
     */
    private static String hostAfterHelp(CommandSpec spec, String[] args) {
        if (spec.findOption("--host") == null) {
            return null;
        }
        for (int i = 0; i + 1 < args.length && !args[i].equals("--"); i++) {
            if (args[i].equals("-h") && args[i + 1].matches("[A-Za-z0-9][A-Za-z0-9.:-]*")
                    && !args[i + 1].matches("\\d+")) {
                return args[i + 1];
            }
        }
        return null;
    }

    /** Whether {@code name} is short options written together, as picocli reads {@code -qV}. */
    private static boolean isShortOptionCluster(CommandSpec spec, String name) {
        return name.length() > 2 && !name.startsWith("--")
                && name.substring(1).chars().allMatch(c -> spec.findOption((char) c) != null);
    }

    private static boolean isParentOption(CommandSpec spec, String name) {
        for (CommandSpec parent = spec.parent(); parent != null; parent = parent.parent()) {
            if (parent.findOption(name) != null) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command, ParseResult parseResult) {
        PrintWriter err = command.getErr();
        String name = command.getCommandSpec().qualifiedName();
        int code;
        if (e instanceof ServerUnreachableException || e instanceof ConnectionFailedException) {
            code = ExitCodes.UNREACHABLE;
            err.println(name + ": " + oneLine(SettingNames.message(e)));
        } else if (e instanceof RunRefusedException || e instanceof SentinelLookup.UnknownMasterException) {
            code = ExitCodes.USAGE;
            err.println(name + ": " + oneLine(SettingNames.message(e)));
        } else {
            code = ExitCodes.FAILED;
            err.println(name + ": run failed: " + oneLine(String.valueOf(e)));
        }
        err.flush();
        return code;
    }

    /** For a mistyped subcommand or option, the nearest ones picocli knows: "; did you mean mode1?". */
    private static String suggestion(ParameterException e) {
        if (!(e instanceof UnmatchedArgumentException unmatched) || unmatched.getSuggestions().isEmpty()) {
            return "";
        }
        return "; did you mean " + String.join(" or ", unmatched.getSuggestions()) + "?";
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.replace('\n', ' ').replace('\r', ' ').strip();
    }
}
