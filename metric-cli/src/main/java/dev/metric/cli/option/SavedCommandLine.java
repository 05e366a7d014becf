package dev.metric.cli.option;

import dev.metric.report.RunOrigin;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The command line as a result keeps it, so that a saved file says how to run it again: metric's
 * arguments as given, but no password: the value of {@code --password} and the password a URI
 * carries ({@code redis://user:secret@host}) are written as {@value #MASK}. A file of results is
 * shared more widely than the shell that ran it.
 */
public final class SavedCommandLine {

    static final String MASK = "***";
    private static final String PASSWORD = "--password";
    /** A URI's {@code user:password@}: the password is group 2. */
    private static final Pattern URI_PASSWORD = Pattern.compile("(://[^/@:]*:)([^/@]*)(@)");

    private SavedCommandLine() {
    }

    /** The origin of a run started by {@code spec}'s command line, named {@code runId} (or null). */
    public static RunOrigin origin(CommandSpec spec, String runId) {
        return new RunOrigin(runId, of(spec.root().commandLine().getParseResult().originalArgs()));
    }

    /** {@code args} after {@code metric}, each password masked. */
    static List<String> of(List<String> args) {
        List<String> saved = new ArrayList<>(args.size() + 1);
        saved.add("metric");
        boolean passwordNext = false;
        for (String arg : args) {
            if (passwordNext) {
                saved.add(MASK);
                passwordNext = false;
            } else if (arg.equals(PASSWORD)) {
                saved.add(arg);
                passwordNext = true;
            } else if (arg.startsWith(PASSWORD + "=")) {
                saved.add(PASSWORD + "=" + MASK);
            } else {
                Matcher uri = URI_PASSWORD.matcher(arg);
                saved.add(uri.find() ? uri.replaceFirst("$1" + Matcher.quoteReplacement(MASK) + "$3") : arg);
            }
        }
        return saved;
    }
}
