package dev.metric.mode.replay;

import dev.metric.client.Protocol;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import dev.metric.workload.TraceValues;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a trace once through before anything is sent ({@link ScannedTrace}): its commands by name,
 * its bad lines, its keys, the keys it reads before it writes them, and the keys a command the
 * replay does not follow may change, among them the keys of a command that names several whose
 * commands go to other lanes (such a key's commands could otherwise race on two connections).
 */
public final class TraceScan implements TraceLines.Visitor {

    /** The most command names reported one row each; the rest share one row. */
    static final int MAX_COMMAND_ROWS = 100;
    /** The row of the commands past {@link #MAX_COMMAND_ROWS} names. */
    static final String OTHER_COMMANDS = "(other)";

    private final int lanes;
    private final boolean strict;
    /** Every key, with the number of commands it routes and whether it is {@link LaneRouting#PINNED}. */
    private final KeyIdLongs keys = new KeyIdLongs();
    private final KeyIdSet set = new KeyIdSet();
    private final KeyIdSet warm = new KeyIdSet();
    private final KeyIdSet unjudged = new KeyIdSet();
    private final RecordFields fields = new RecordFields();
    private final Map<String, Long> perCommand = new LinkedHashMap<>();
    private final Map<String, Long> skipped = new LinkedHashMap<>();
    private final Map<String, String> skippedWhy = new LinkedHashMap<>();
    private final Map<String, Long> notOperations = new LinkedHashMap<>();
    private final List<String> firstBadLines = new ArrayList<>();
    private long commands;
    private long badLines;
    private long firstMicros = TraceFormat.Line.NO_TIME;
    private long lastMicros = TraceFormat.Line.NO_TIME;

    private TraceScan(int lanes, boolean strict) {
        this.lanes = lanes;
        this.strict = strict;
    }

    /** Scans {@code file} for a replay to a Redis-protocol server. */
    public static ScannedTrace scan(Path file, TraceFormat format, int lanes, boolean strict) {
        return scan(file, format, lanes, strict, Protocol.REDIS);
    }

    /**
     * Scans {@code file}, read as {@code format} (null: as its first line shows), for a replay of
     * {@code lanes} lanes to a server that speaks {@code target}.
     *
     * @param strict refuse the trace at its first bad line
     * @throws IllegalArgumentException with a one-line reason: the file cannot be read, holds no
     *                                  command, or has a bad line under {@code strict}
     */
    public static ScannedTrace scan(Path file, TraceFormat format, int lanes, boolean strict, Protocol target) {
        TraceScan scan = new TraceScan(lanes, strict);
        TraceFormat read;
        long lines;
        long bytes;
        if (Files.isDirectory(file)) {
            throw unreadable(file, "a directory, not a file");
        }
        try (TraceLines trace = TraceLines.open(file, format, target)) {
            bytes = Files.size(file);
            read = trace.format();
            while (trace.next(scan)) {
                // each line is visited
            }
            lines = trace.lineNumber();
        } catch (IOException e) {
            throw unreadable(file, why(e));
        } catch (UncheckedIOException e) {
            throw unreadable(file, why(e.getCause()));
        }
        if (scan.commands == 0) {
            throw SettingException.of(Setting.TRACE, " " + file + " holds no command to replay (" + lines
                    + " lines, " + scan.badLines + " bad, " + scan.notOperations.values().stream().mapToLong(n -> n)
                    .sum() + " not operations, " + scan.skipped.values().stream().mapToLong(n -> n).sum()
                    + " not replayed)");
        }
        double span = scan.firstMicros == TraceFormat.Line.NO_TIME ? 0 : (scan.lastMicros - scan.firstMicros) / 1e6;
        LaneRouting routing = LaneRouting.deal(scan.keys, lanes);
        TraceSummary summary = new TraceSummary(file.toString(), bytes, read, lines,
                new TraceSummary.Replayed(scan.commands, scan.perCommand, scan.skipped, scan.skippedWhy),
                new TraceSummary.OtherLines(scan.notOperations, scan.badLines, scan.firstBadLines),
                new TraceSummary.KeyCounts(scan.keys.size(), scan.warm.size(), scan.unjudged.size()), span,
                Arrays.stream(routing.commands()).boxed().toList());
        return new ScannedTrace(file, summary, scan.warm, scan.unjudged, List.copyOf(scan.perCommand.keySet()),
                routing, scan.fields.names(), target);
    }

    private static SettingException unreadable(Path file, String why) {
        return SettingException.of(Setting.TRACE, " " + file + " cannot be read: " + why);
    }

    private static String why(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage();
    }

    @Override
    public void command(long lineNumber, TraceFormat.Line line) {
        byte[][] words = line.words();
        String name = TraceCommand.nameOf(words);
        TraceCommand kind = line.kind() != null ? line.kind() : TraceCommand.of(name, words);
        if (kind == TraceCommand.SKIPPED) {
            skipped.merge(name, 1L, Long::sum);
            skippedWhy.putIfAbsent(name, TraceCommand.whySkipped(name));
            return;
        }
        commands++;
        perCommand.merge(perCommand.containsKey(name) || perCommand.size() < MAX_COMMAND_ROWS ? name
                : OTHER_COMMANDS, 1L, Long::sum);
        if (line.micros() != TraceFormat.Line.NO_TIME) {
            firstMicros = firstMicros == TraceFormat.Line.NO_TIME ? line.micros() : firstMicros;
            lastMicros = line.micros();
        }
        if (kind == TraceCommand.KEYLESS) {
            return;
        }
        if (kind == TraceCommand.INDEX_SCAN) {
            scan(line.scan());
            return;
        }
        long route = line.routeId();
        keys.add(route, 1);
        int lane = TraceKeys.laneOf(route, lanes);
        for (int at = 1; at < TraceKeys.end(kind, words); at += TraceKeys.step(kind)) {
            long id = TraceKeys.id(words, at);
            keys.add(id, 0);
            switch (kind) {
                case READ, READ_MANY -> {
                    if (!set.contains(id)) {
                        warm.add(id);
                    }
                }
                case HASH_READ, HASH_WRITE -> {
                    addFields(kind, words);
                    if (!set.contains(id)) {
                        warm.add(id);
                    }
                }
                case HASH_INSERT, HASH_DELETE -> {
                    addFields(kind, words);
                    set.add(id);
                }
                case WRITE, WRITE_PAIRS, DELETE, CHANGES_KEY -> {
                    if (TraceCommand.replacesOnlyWhatIsThere(name) && !set.contains(id)) {
                        warm.add(id);
                    }
                    set.add(id);
                    if (TraceKeys.laneOf(id, lanes) != lane) {
                        unjudged.add(id);
                    } else if (id != route) {
                        keys.set(id, LaneRouting.PINNED);
                        keys.set(route, LaneRouting.PINNED);
                    }
                }
                case UNKNOWN -> {
                    for (int any = 1; any < words.length; any++) {
                        long touched = TraceKeys.id(words, any);
                        set.add(touched);
                        unjudged.add(touched);
                    }
                }
                default -> {
                    // READ_ONLY: the key stays as it was
                }
            }
        }
    }

    /**
     * A scan of YCSB's index: its start key is read as a record the trace may not have written (the
     * warm phase writes and indexes it, as YCSB's load phase would have), and its reads of each key
     * listed get a row, their number known only from the replies.
     */
    private void scan(TraceFormat.Scan scan) {
        long from = TraceValues.keyId(scan.from());
        keys.add(from, 1);
        if (!set.contains(from)) {
            warm.add(from);
        }
        addFields(TraceCommand.HASH_READ, scan.perKey());
        perCommand.putIfAbsent(TraceCommand.nameOf(scan.perKey()), 0L);
    }

    /** The fields an HMGET or HMSET names (from word 2, every word or every other); HGETALL names none. */
    private void addFields(TraceCommand kind, byte[][] words) {
        int step = kind == TraceCommand.HASH_READ ? 1 : 2;
        for (int at = 2; at < words.length && kind != TraceCommand.HASH_DELETE; at += step) {
            fields.add(words[at]);
        }
    }

    @Override
    public void notAnOperation(long lineNumber, String what) {
        notOperations.merge(what, 1L, Long::sum);
    }

    @Override
    public void bad(long lineNumber, String reason, String text) {
        int most = TraceLines.QUOTED_CHARACTERS;
        String quoted = "line " + lineNumber + ": " + reason + ": "
                + (text.length() > most ? text.substring(0, most) + "..." : text);
        if (strict) {
            throw SettingException.of(Setting.STRICT_TRACE, ": " + quoted);
        }
        badLines++;
        if (firstBadLines.size() < TraceSummary.QUOTED_BAD_LINES) {
            firstBadLines.add(quoted);
        }
    }
}
