package dev.metric.cli;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * For a run that is one of several load generators, merged afterwards with {@code metric merge}:
 * a name for its result, and a common moment to begin.
 */
final class GeneratorOptions {

    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final Duration LONGEST_WAIT = Duration.ofDays(1);

    @Option(names = "--run-id", paramLabel = "ID",
            description = "Name of this run, kept in its JSON as runId: one per load generator for metric merge"
                    + " (letters, digits, '.', '_', '-').")
    String runId;

    @Option(names = "--start-at", paramLabel = "TIME",
            description = "Begin the traffic (mode1's reads, mode2's warm-up) at TIME, after the preload, so that"
                    + " generators on several hosts measure together: an instant like 2026-11-21T14:30:00Z, or a"
                    + " time of day like 14:30:00 (today, this host's zone). Keep the hosts' clocks in sync (NTP).")
    String startAt;

    /** The run id, checked; null when not given. */
    String runId() {
        if (runId != null && !RUN_ID.matcher(runId).matches()) {
            throw new IllegalArgumentException("--run-id must be 1 to 64 letters, digits, '.', '_' or '-', got '"
                    + runId + "'");
        }
        return runId;
    }

    /**
     * When to begin, checked: in the future and within a day. Null when not given.
     *
     * @throws IllegalArgumentException for a time that cannot be read, has passed, or is too far
     */
    Instant startAt(Clock clock) {
        if (startAt == null) {
            return null;
        }
        Instant at;
        try {
            at = startAt.contains("T") ? Instant.parse(startAt)
                    : LocalDate.now(clock).atTime(LocalTime.parse(startAt)).atZone(ZoneId.systemDefault()).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("--start-at must be an instant like 2026-11-21T14:30:00Z or a time"
                    + " of day like 14:30:00, got '" + startAt + "'");
        }
        Instant now = clock.instant();
        if (!at.isAfter(now)) {
            throw new IllegalArgumentException("--start-at " + startAt + " has passed (it is " + now + " now)");
        }
        if (Duration.between(now, at).compareTo(LONGEST_WAIT) > 0) {
            throw new IllegalArgumentException("--start-at " + startAt + " is more than a day away");
        }
        return at;
    }

    /**
     * Checks --run-id and --start-at for {@code spec}'s command, once, before any server is
     * touched; a bad value is a usage error.
     *
     * @return the --start-at time, or null
     */
    Instant checkedStartAt(CommandSpec spec) {
        try {
            runId();
            return startAt(Clock.systemUTC());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
    }
}
