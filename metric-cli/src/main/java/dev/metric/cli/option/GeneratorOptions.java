package dev.metric.cli.option;

import dev.metric.cli.convert.SettingNames;
import dev.metric.report.ResultFrames;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * For a run that is one of several load generators, merged afterwards with {@code metric merge}
 * or by {@code metric fleet}: a name for its result, a common moment to begin, an index that
 * tells it apart from its siblings, and its results printed where a collector can read them.
 */
public final class GeneratorOptions {

    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final Pattern INDEX = Pattern.compile("0|[1-9][0-9]{0,5}");
    private static final String UNNAMED = "gen";
    private static final Duration LONGEST_WAIT = Duration.ofDays(1);

    @Option(names = "--run-id", paramLabel = "ID",
            description = "Name of this run, kept in its JSON as runId: one per load generator for metric merge"
                    + " (letters, digits, '.', '_', '-').")
    public String runId;

    @Option(names = "--start-at", paramLabel = "TIME",
            description = "Begin the traffic (mode1's reads, mode2's and run's warm-up, replay's warm-up after its warm"
                    + " phase) at TIME, after the preload, so that generators on several hosts measure together: an"
                    + " instant like 2026-11-21T14:30:00Z, or a"
                    + " time of day like 14:30:00 (today, this host's zone). Keep the hosts' clocks in sync (NTP).")
    String startAt;

    @Option(names = "--index-env", paramLabel = "NAME",
            description = "Read this generator's index from the environment variable NAME (Kubernetes sets"
                    + " JOB_COMPLETION_INDEX in the pods of an Indexed Job): the run id becomes RUN-ID-INDEX"
                    + " (gen-INDEX without --run-id) and the seed --seed + INDEX (replay: the database --db + INDEX),"
                    + " so that each generator writes keys of its own.")
    String indexEnv;

    @Option(names = "--print-results",
            description = "After the report, print the JSON result and the interval log to stdout as framed"
                    + " blocks (needs --json and --hdr-log), for a collector that reads only this process's output:"
                    + " metric fleet reads them back from the pods' logs.")
    public boolean printResults;

    /** Where --index-env looks; tests put their own. */
    Map<String, String> environment = System.getenv();

    /**
     * The run id: --run-id, checked, with --index-env's index appended; null when neither was
     * given.
     */
    public String runId() {
        if (runId != null && !RUN_ID.matcher(runId).matches()) {
            throw new IllegalArgumentException("--run-id must be 1 to 64 letters, digits, '.', '_' or '-', got '"
                    + runId + "'");
        }
        if (indexEnv == null) {
            return runId;
        }
        String indexed = (runId == null ? UNNAMED : runId) + "-" + index();
        if (indexed.length() > 64) {
            throw new IllegalArgumentException("--run-id " + runId + " with the index appended is longer than 64"
                    + " characters");
        }
        return indexed;
    }

    /**
     * The index --index-env names, 0 to 999999; 0 without --index-env.
     *
     * @throws IllegalArgumentException when the variable is not set or is not such a number
     */
    public int index() {
        if (indexEnv == null) {
            return 0;
        }
        String value = environment.get(indexEnv);
        if (value == null) {
            throw new IllegalArgumentException("--index-env " + indexEnv + ": no such environment variable (an"
                    + " Indexed Job sets JOB_COMPLETION_INDEX)");
        }
        if (!INDEX.matcher(value).matches()) {
            throw new IllegalArgumentException("--index-env " + indexEnv + " must hold an index of 0 to 999999, it"
                    + " holds '" + value + "'");
        }
        return Integer.parseInt(value);
    }

    /**
     * When to begin, checked: in the future and within a day. Null when not given.
     *
     * @throws IllegalArgumentException for a time that cannot be read, has passed, or is too far
     */
    public Instant startAt(Clock clock) {
        return startAt == null ? null : startAt(startAt, clock);
    }

    /**
     * {@code text} as a moment to begin: an instant, or a time of day today in this host's zone;
     * checked to be in the future and within a day.
     *
     * @throws IllegalArgumentException for a time that cannot be read, has passed, or is too far
     */
    public static Instant startAt(String text, Clock clock) {
        Instant at;
        try {
            at = text.contains("T") ? Instant.parse(text)
                    : LocalDate.now(clock).atTime(LocalTime.parse(text)).atZone(ZoneId.systemDefault()).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("--start-at must be an instant like 2026-11-21T14:30:00Z or a time"
                    + " of day like 14:30:00, got '" + text + "'");
        }
        Instant now = clock.instant();
        if (!at.isAfter(now)) {
            throw new IllegalArgumentException("--start-at " + text + " has passed (it is " + now + " now)");
        }
        if (Duration.between(now, at).compareTo(LONGEST_WAIT) > 0) {
            throw new IllegalArgumentException("--start-at " + text + " is more than a day away");
        }
        return at;
    }

    /**
     * Checks the options for {@code spec}'s command, once, before any server is touched, and
     * moves {@code data}'s seed by --index-env's index; a bad value is a usage error.
     *
     * @return the --start-at time, or null
     */
    public Instant check(CommandSpec spec, DataOptions data, ResultFiles files) {
        Instant start = check(spec, files);
        data.seedOffset = index();
        return start;
    }

    /**
     * Checks the options for {@code spec}'s command, once, before any server is touched; a bad value
     * is a usage error.
     *
     * @return the --start-at time, or null
     */
    public Instant check(CommandSpec spec, ResultFiles files) {
        try {
            runId();
            index();
            if (printResults && (files.json == null || files.hdrLog() == null || files.jsonToStdout())) {
                throw new IllegalArgumentException("--print-results prints the files of --json and --hdr-log:"
                        + " give both, as files");
            }
            return startAt(Clock.systemUTC());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
    }

    /**
     * With --print-results, prints the JSON result and the interval log the run wrote as framed
     * blocks named after the run id, after everything else the run printed.
     */
    public void printResults(ResultFiles files, PrintWriter out) throws IOException {
        if (!printResults) {
            return;
        }
        String name = runId() == null ? UNNAMED : runId();
        ResultFrames.print(out, name + ".json", Files.readAllBytes(files.json));
        ResultFrames.print(out, name + ".hlog", Files.readAllBytes(files.hdrLog()));
    }
}
