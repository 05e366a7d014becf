package dev.metric.cli;

import dev.metric.cli.convert.SettingNames;
import dev.metric.cli.output.ExitCodes;
import dev.metric.client.ConnectionFailedException;
import dev.metric.run.RunRefusedException;
import dev.metric.server.ServerUnreachableException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
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
        err.println(command.getCommandSpec().qualifiedName() + ": " + oneLine(e.getMessage()) + suggestion(e)
                + " (see '" + command.getCommandSpec().qualifiedName() + " --help')");
        err.flush();
        return ExitCodes.USAGE;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command, ParseResult parseResult) {
        PrintWriter err = command.getErr();
        String name = command.getCommandSpec().qualifiedName();
        int code;
        if (e instanceof ServerUnreachableException || e instanceof ConnectionFailedException) {
            code = ExitCodes.UNREACHABLE;
            err.println(name + ": " + oneLine(SettingNames.message(e)));
        } else if (e instanceof RunRefusedException) {
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
