package dev.metric.mode.replay;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a trace holds, read once before anything is sent: what {@code --dry-run} prints and every
 * replay's result carries, so that a result says what was replayed.
 *
 * @param file       the trace's path as given
 * @param bytes      its size
 * @param format     how its lines were read
 * @param lines      lines read
 * @param replayed   the commands to replay, and those not replayed
 * @param otherLines the lines that are no command to replay
 * @param keyCounts  the keys the commands name, and how the replay treats them
 * @param spanSec    seconds from the first command's time to the last's; 0 without times
 * @param laneCommands the commands each lane is dealt by their keys ({@link LaneRouting}); the
 *                   keyless ones, dealt in turn, aside
 */
public record TraceSummary(String file, long bytes, TraceFormat format, long lines,
                           @JsonUnwrapped Replayed replayed, @JsonUnwrapped OtherLines otherLines,
                           @JsonUnwrapped KeyCounts keyCounts, double spanSec, List<Long> laneCommands) {

    /** How many bad lines a summary quotes. */
    public static final int QUOTED_BAD_LINES = 5;

    public TraceSummary {
        laneCommands = List.copyOf(laneCommands);
    }

    /**
     * @param commands   commands to replay
     * @param perCommand commands to replay by name, in the order they first appear
     * @param skipped    commands not replayed, by name, with why in {@link #skippedWhy}
     * @param skippedWhy why each skipped name is not replayed
     */
    public record Replayed(long commands, Map<String, Long> perCommand, Map<String, Long> skipped,
                           Map<String, String> skippedWhy) {

        public Replayed {
            perCommand = Collections.unmodifiableMap(new LinkedHashMap<>(perCommand));
            skipped = Collections.unmodifiableMap(new LinkedHashMap<>(skipped));
            skippedWhy = Collections.unmodifiableMap(new LinkedHashMap<>(skippedWhy));
        }
    }

    /**
     * @param notOperations lines that are no operation, none sent, by what they are: blank, a comment, what
     *                      YCSB prints around its operations ({@link TraceFormat#notAnOperation})
     * @param badLines      lines that are not a command of the format
     * @param firstBadLines the first of them: line number, reason and the line's start
     */
    public record OtherLines(Map<String, Long> notOperations, long badLines, List<String> firstBadLines) {

        public OtherLines {
            notOperations = Collections.unmodifiableMap(new LinkedHashMap<>(notOperations));
            firstBadLines = List.copyOf(firstBadLines);
        }
    }

    /**
     * @param keys         distinct keys the commands name (their first key, and every key of the
     *                     commands the replay follows)
     * @param warmKeys     keys read before the trace writes them, which the warm phase writes first
     * @param unjudgedKeys keys a command the replay does not follow may change, whose reads are not judged
     */
    public record KeyCounts(long keys, long warmKeys, long unjudgedKeys) {
    }

    /** Whether the trace gives each command a time, so that it can be replayed at its pace. */
    public boolean timed() {
        return format == TraceFormat.MONITOR;
    }
}
