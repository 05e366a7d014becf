package dev.metric.mode.replay;

import dev.metric.workload.SizeDistribution;
import dev.metric.workload.TraceValues;
import dev.metric.ycsb.YcsbRedis;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntToLongFunction;
import java.util.function.LongPredicate;
import java.util.function.Predicate;

/**
 * The thread that reads a scanned trace again and deals its commands to the lanes' queues, ahead
 * of them, for one of two passes:
 *
 * <ul>
 *   <li>{@link Pass#WARM}: a SET of each key the trace reads before writing it, at its first read,
 *       version 0, of a length drawn from the run's value sizes (for a YCSB record, an HMSET of every
 *       field of the trace's records and a ZADD to YCSB's index);</li>
 *   <li>{@link Pass#REPLAY}: every command, with what each read must find: the values this replay
 *       wrote name their key and version, so the reader follows, key by key, the version a read of
 *       it expects (every version is new), a delete, or that the key can no longer be judged. After
 *       the first {@code warmupCommands} commands, every lane is told that its warm-up has ended,
 *       and the times of the measured commands count from the first of them.</li>
 * </ul>
 *
 * A write's value keeps the trace's length when that has room for the header a value carries,
 * and is made as it is sent, so that the queues hold keys, not values; a shorter one is sent as the
 * trace has it, and its key is not judged until written again.
 */
final class TraceFeeder implements TraceLines.Visitor, Runnable {

    /** Which pass over the trace. */
    enum Pass { WARM, REPLAY }

    private final ScannedTrace trace;
    private final TraceFormat format;
    private final Pass pass;
    private final LaneFeeds feeds;
    private final SizeDistribution warmSizes;
    /** The fields of a YCSB trace's records. */
    private final byte[][] fields;
    /** {@link TraceValues#fieldNameId} of each of {@link #fields}, made once: every record command names them. */
    private final long[] fieldNameIds;
    private final long warmupCommands;
    private final Predicate<String> serverKnows;
    private final Map<String, Long> unknown = new LinkedHashMap<>();
    private final Map<String, Integer> rows = new HashMap<>();
    private final KeyIdLongs versions = new KeyIdLongs();
    private final KeyIdSet warmed = new KeyIdSet();
    private final AtomicLong linesRead = new AtomicLong();
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private long nextVersion = 1;
    private long keyless;
    private long commands;
    /** The time of the first command of the phase being read: warm-up, then measured. */
    private long phaseFirstMicros = TraceFormat.Line.NO_TIME;
    private boolean stopped;

    /**
     * @param warmSizes      the lengths of the values the warm phase writes
     * @param warmupCommands how many of the trace's first commands the replay leaves out of its figures
     * @param serverKnows    whether the server knows a command, by its name in upper case: one it does
     *                       not know is never sent, only counted ({@link #unknown})
     */
    TraceFeeder(ScannedTrace trace, Pass pass, LaneFeeds feeds, SizeDistribution warmSizes, long warmupCommands,
                Predicate<String> serverKnows) {
        this.trace = trace;
        this.serverKnows = serverKnows;
        this.format = trace.summary().format();
        this.pass = pass;
        this.feeds = feeds;
        this.warmSizes = warmSizes;
        this.warmupCommands = warmupCommands;
        this.fields = trace.recordFields();
        this.fieldNameIds = new long[fields.length];
        for (int i = 0; i < fields.length; i++) {
            fieldNameIds[i] = TraceValues.fieldNameId(fields[i]);
        }
        List<String> names = trace.commandNames();
        for (int row = 0; row < names.size(); row++) {
            rows.put(names.get(row), row);
        }
    }

    /** Starts the reading thread. */
    Thread start(String name) {
        Thread thread = new Thread(this, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    @Override
    public void run() {
        try (TraceLines lines = TraceLines.open(trace.file(), format, trace.target())) {
            while (!stopped && lines.next(this)) {
                linesRead.set(lines.lineNumber());
            }
        } catch (RuntimeException e) {
            failure.set(e);
        } finally {
            try {
                feeds.end();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Lines read so far. */
    long linesRead() {
        return linesRead.get();
    }

    /**
     * The trace's commands the server does not know, by name, counted on the replay's pass: none
     * sent. Read it once the reading thread has ended.
     */
    Map<String, Long> unknown() {
        return unknown;
    }

    /** Why reading the trace failed (the file changed or went away), or null. */
    RuntimeException failure() {
        return failure.get();
    }

    @Override
    public void bad(long lineNumber, String reason, String text) {
        // counted by the scan
    }

    @Override
    public void command(long lineNumber, TraceFormat.Line line) {
        byte[][] words = line.words();
        String name = TraceCommand.nameOf(words);
        TraceCommand kind = line.kind() != null ? line.kind() : TraceCommand.of(name, words);
        if (kind == TraceCommand.SKIPPED) {
            return;
        }
        if (!serverKnows.test(name)) {
            if (pass == Pass.REPLAY) {
                unknown.merge(name, 1L, Long::sum);
            }
            return;
        }
        if (pass == Pass.WARM) {
            if (kind == TraceCommand.INDEX_SCAN) {
                warmRecord(lineNumber, line.scan().from());
            } else if (kind == TraceCommand.HASH_READ || kind == TraceCommand.HASH_WRITE) {
                warmRecord(lineNumber, words[1]);
            } else {
                warm(lineNumber, kind, name, words);
            }
            return;
        }
        int row = rows.getOrDefault(name, rows.getOrDefault(TraceScan.OTHER_COMMANDS, 0));
        if (line.micros() != TraceFormat.Line.NO_TIME && phaseFirstMicros == TraceFormat.Line.NO_TIME) {
            phaseFirstMicros = line.micros();
        }
        long offset = line.micros() == TraceFormat.Line.NO_TIME ? -1 : (line.micros() - phaseFirstMicros) * 1_000;
        if (kind == TraceCommand.KEYLESS) {
            send((int) (keyless++ % feeds.lanes()), new TraceOp(lineNumber, kind, row, words, 0, offset));
            return;
        }
        int lane = trace.laneOf(line.routeId());
        TraceOp op = new TraceOp(lineNumber, kind, row, words, 1, offset);
        switch (kind) {
            case READ, READ_MANY -> expect(op, lane);
            case WRITE, WRITE_PAIRS -> write(op, name, lane);
            case HASH_READ -> expectRecord(op);
            case HASH_WRITE, HASH_INSERT -> writeRecord(op);
            case HASH_DELETE -> {
                long id = TraceKeys.id(words, 1);
                op.deletedIds = new long[fields.length];
                for (int i = 0; i < fields.length; i++) {
                    op.deletedIds[i] = TraceValues.fieldId(id, fieldNameIds[i]);
                    versions.put(op.deletedIds[i], TraceOp.ABSENT);
                }
            }
            case INDEX_SCAN -> {
                op.perKeyRead = line.scan().perKey();
                op.perKeyRow = rows.get(TraceCommand.nameOf(op.perKeyRead));
            }
            case DELETE -> {
                for (int at = 1; at < words.length; at++) {
                    versions.put(TraceKeys.id(words, at), TraceOp.ABSENT);
                }
            }
            case CHANGES_KEY -> versions.put(TraceKeys.id(words, 1), TraceOp.NOT_JUDGED);
            default -> {
                // READ_ONLY leaves its key as it was; UNKNOWN's keys were never judged
            }
        }
        send(lane, op);
    }

    /**
     * The warm phase's SET of each key read before the trace writes it (or replaced: memcached's
     * REPLACE stores only over a value that is there), once.
     */
    private void warm(long lineNumber, TraceCommand kind, String name, byte[][] words) {
        boolean replace = kind == TraceCommand.WRITE && TraceCommand.replacesOnlyWhatIsThere(name);
        if (kind != TraceCommand.READ && kind != TraceCommand.READ_MANY && !replace) {
            return;
        }
        for (int at = 1; at < (replace ? 2 : words.length); at++) {
            long id = TraceKeys.id(words, at);
            if (trace.warm().contains(id) && warmed.add(id)) {
                TraceOp set = new TraceOp(lineNumber, TraceCommand.WRITE, 0,
                        new byte[][] {"SET".getBytes(StandardCharsets.US_ASCII), words[at], null}, 1, -1);
                set.generates(new int[] {2}, new long[] {id}, new long[] {0},
                        new int[] {Math.max(TraceValues.MIN_BYTES, TraceValues.length(id, warmSizes))});
                send(trace.laneOf(id), set);
            }
        }
    }

    /**
     * The warm phase's writes of a YCSB record the trace reads or updates before inserting it, once:
     * every field of the trace's records, version 0, of lengths drawn from the run's value sizes,
     * and its key added to YCSB's index, as YCSB's load phase writes a record.
     */
    private void warmRecord(long lineNumber, byte[] key) {
        long id = TraceValues.keyId(key);
        if (!trace.warm().contains(id) || !warmed.add(id)) {
            return;
        }
        byte[][] words = new byte[2 + 2 * fields.length][];
        words[0] = YcsbRedis.HMSET;
        words[1] = key;
        int[] valueAt = new int[fields.length];
        long[] ids = new long[fields.length];
        int[] lengths = new int[fields.length];
        for (int i = 0; i < fields.length; i++) {
            words[2 + 2 * i] = fields[i];
            valueAt[i] = 3 + 2 * i;
            ids[i] = TraceValues.fieldId(id, fieldNameIds[i]);
            lengths[i] = Math.max(TraceValues.MIN_BYTES, TraceValues.length(ids[i], warmSizes));
        }
        TraceOp write = new TraceOp(lineNumber, TraceCommand.HASH_INSERT, 0, words, 1, -1);
        write.generates(valueAt, ids, new long[fields.length], lengths);
        int lane = trace.laneOf(id);
        send(lane, write);
        send(lane, new TraceOp(lineNumber, TraceCommand.CHANGES_KEY, 0, YcsbRedis.indexAdd(key), 1, -1));
    }

    /**
     * What each field a read of a YCSB record names must hold (every field of the trace's records,
     * for an HGETALL): the record's commands all go to its key's lane, so each field is judged.
     */
    private void expectRecord(TraceOp op) {
        long id = TraceKeys.id(op.words, 1);
        boolean all = op.words.length == 2;
        byte[][] named = all ? fields : Arrays.copyOfRange(op.words, 2, op.words.length);
        long unwritten = trace.warm().contains(id) ? 0 : TraceOp.NOT_JUDGED;
        op.checkFields = all ? fields : null;
        op.checkIds = new long[named.length];
        op.expected = new long[named.length];
        for (int i = 0; i < named.length; i++) {
            op.checkIds[i] = all ? TraceValues.fieldId(id, fieldNameIds[i]) : TraceValues.fieldId(id, named[i]);
            op.expected[i] = trace.unjudged().contains(id) ? TraceOp.NOT_JUDGED
                    : versions.get(op.checkIds[i], unwritten);
        }
    }

    /** Gives each field an HMSET of a YCSB record writes a new version (fields are written as keys of their own). */
    private void writeRecord(TraceOp op) {
        long key = TraceKeys.id(op.words, 1);
        version(op, 3, op.words.length - 1, at -> TraceValues.fieldId(key, op.words[at - 1]), id -> true, 0);
    }

    /** What each key a read names must hold; keys on another lane's connection are not judged. */
    private void expect(TraceOp op, int lane) {
        int keys = op.words.length - 1;
        op.checkIds = new long[keys];
        op.expected = new long[keys];
        for (int i = 0; i < keys; i++) {
            long id = TraceKeys.id(op.words, i + 1);
            op.checkIds[i] = id;
            op.expected[i] = trace.unjudged().contains(id) || trace.laneOf(id) != lane
                    ? TraceOp.NOT_JUDGED
                    : versions.get(id, trace.warm().contains(id) ? 0 : TraceOp.NOT_JUDGED);
        }
    }

    /** Gives each value the write makes a new version, where the trace's value has room for its header. */
    private void write(TraceOp op, String name, int lane) {
        boolean pairs = op.kind == TraceCommand.WRITE_PAIRS;
        boolean expires = !pairs && TraceCommand.expires(name, op.words);
        int first = pairs ? 2 : TraceCommand.valueAt(name);
        version(op, first, pairs ? op.words.length - 1 : first, at -> TraceKeys.id(op.words, pairs ? at - 1 : 1),
                id -> trace.laneOf(id) == lane, expires ? TraceOp.EXPIRES : 0);
    }

    /**
     * Gives the values at every other word of {@code op} from {@code first} to {@code last} a new
     * version each, for the key (or field) {@code idAt} names for that word: made as the command is
     * sent, so that a queue of commands holds no values, whatever their size. A value shorter than
     * its header needs, or of a key the reader does not follow ({@code followed}), is sent as the
     * trace has it, and its key is not judged until written again.
     *
     * @param flags what the version stored for each key carries beside it ({@link TraceOp#EXPIRES})
     */
    private void version(TraceOp op, int first, int last, IntToLongFunction idAt, LongPredicate followed,
                         long flags) {
        int room = Math.max(0, (last - first) / 2 + 1);
        int[] valueAt = new int[room];
        long[] ids = new long[room];
        long[] madeVersions = new long[room];
        int[] lengths = new int[room];
        int made = 0;
        for (int at = first; at <= last; at += 2) {
            long id = idAt.applyAsLong(at);
            if (op.words[at].length < TraceValues.MIN_BYTES || !followed.test(id)) {
                versions.put(id, TraceOp.NOT_JUDGED);
                continue;
            }
            long version = nextVersion++;
            versions.put(id, version | flags);
            valueAt[made] = at;
            ids[made] = id;
            madeVersions[made] = version;
            lengths[made] = op.words[at].length;
            op.words[at] = null;
            made++;
        }
        if (made > 0) {
            op.generates(Arrays.copyOf(valueAt, made), Arrays.copyOf(ids, made), Arrays.copyOf(madeVersions, made),
                    Arrays.copyOf(lengths, made));
        }
    }

    private void send(int lane, TraceOp op) {
        try {
            stopped = !feeds.put(lane, op);
            if (pass == Pass.REPLAY && ++commands == warmupCommands && !stopped) {
                stopped = !feeds.endWarmup();
                phaseFirstMicros = TraceFormat.Line.NO_TIME;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = true;
        }
    }
}
