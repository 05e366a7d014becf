package dev.metric.cli.convert;

import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * One line on stderr for each old spelling of a renamed option on the command line, once the
 * options have passed their checks (a bad command line stays one line): the old names still work,
 * so a script keeps running, but say what they are now, so that a name comes to mean one thing. An
 * old spelling is a hidden option whose description is {@value #MARK}{@code --new-name.}.
 */
public final class OldSpellings {

    static final String MARK = "The old name of ";

    private OldSpellings() {
    }

    /** Writes a notice to {@code err} for every old spelling {@code command}'s command line gave. */
    public static void warn(CommandSpec command, PrintWriter err) {
        for (OptionSpec option : command.commandLine().getParseResult().matchedOptions()) {
            String description = String.join(" ", option.description());
            if (option.hidden() && description.startsWith(MARK)) {
                String current = description.substring(MARK.length()).replaceFirst("\\.$", "");
                err.println(command.qualifiedName() + ": " + option.longestName() + " is the old name of " + current
                        + ", and will go: use " + current);
            }
        }
        err.flush();
    }
}
