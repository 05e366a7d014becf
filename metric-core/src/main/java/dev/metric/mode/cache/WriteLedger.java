package dev.metric.mode.cache;

import dev.metric.client.Protocol;
import dev.metric.config.RunLimits;
import dev.metric.run.MismatchLog;
import dev.metric.workload.DataSet;
import dev.metric.workload.TtlRange;
import dev.metric.workload.Verdict;
import dev.metric.workload.VersionedValues;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What mode2 {@code --strict} remembers of every key, in 16 bytes, to tell a lost key, a stale
 * read and a value returned after its TTL from what a cache may rightly do.
 *
 * <p>Versions come from one counter, taken when a write is built, so a lower version was built
 * earlier. A write is <em>isolated</em> when no other write of its key was built from its own
 * building to its acknowledgement; only an isolated write becomes the key's known state: its
 * version, and the time it was sent (a lower bound of when the server ran it) and acknowledged
 * (an upper bound). Once it is acknowledged, every other write of the key is either one that
 * ended before it was built (so it is overwritten) or one built after it was acknowledged (so it
 * has a higher version). Writes that overlap leave the key's state unknown until the next
 * isolated one; a write that failed or timed out may still be applied by the server at any time,
 * so its key is not checked again. A key's TTL derives from its version
 * ({@link VersionedValues#ttlSeconds}), so it is not stored. Against that state, a read sent
 * after the known write was acknowledged is:
 * <ul>
 *   <li><b>lost</b> when it missed, no write of the key was in flight, and it was answered before
 *       the earliest moment the known write's TTL could have run out, less the margin;</li>
 *   <li><b>stale</b> when it returned a lower version than the known one;</li>
 *   <li><b>expired</b> when it returned the known version and was sent after the latest moment
 *       that version's TTL could have run out, plus the margin.</li>
 * </ul>
 * The margin is {@value #MARGIN_MILLIS} ms plus {@value #MARGIN_PER_MILLE} thousandth of the TTL:
 * Redis keeps expiry times in milliseconds and these times are stored in whole milliseconds, and
 * the server's wall clock, which runs its TTLs, may be slewed against this process's clock (NTP
 * slews at most 0.5 ms per second). memcached's margin is two seconds more
 * ({@value #MEMCACHED_MARGIN_MILLIS} ms): its clock counts whole seconds since it started, ticked
 * once a second, and an item expires once that count reaches the count at its write plus its
 * TTL, so it may go up to a second before the TTL has passed since the write, and stay up to a
 * second after; and the tick is a timer on memcached's main thread, which a busy machine runs
 * late, so the count lags and then jumps, and an item written just before a late tick expires
 * early by as much as the tick was late (with one second only, a full build's load had 2,154 keys
 * of TTL 2 s reported lost 112-674 ms after their writes). A second of lateness is allowed for.
 * A read that cannot be judged for sure is not judged: the
 * checks never report what a correct server may do, and may miss what happens while writes of
 * the same key overlap.
 *
 * <p>Each key holds one word of version and flags and one of two millisecond times (up to 49
 * days from the start); updates take one of {@value #STRIPES} locks by key.
 */
final class WriteLedger implements KeyLedger {

    static final int BYTES_PER_KEY = RunLimits.STRICT_BYTES_PER_KEY;
    static final long MARGIN_MILLIS = 5;
    static final long MARGIN_PER_MILLE = 1;
    static final long MEMCACHED_MARGIN_MILLIS = 2000 + MARGIN_MILLIS;
    /** Version 0, the preload's; every later write gets a higher one from {@link #beginWrite}. */
    static final long PRELOAD_VERSION = 0;

    private static final long IN_FLIGHT = (1L << 20) - 1;
    private static final long OVERLAPPED = 1L << 20;
    private static final long UNSURE = 1L << 21;
    private static final int REPORTED_SHIFT = 22;
    private static final long KNOWN = 1L << 25;
    private static final int VERSION_SHIFT = 26;
    private static final long MAX_VERSION = -1L >>> VERSION_SHIFT;
    private static final long FLAGS = (1L << VERSION_SHIFT) - 1 & ~KNOWN;
    private static final int STRIPES = 1024;
    private static final long NANOS_PER_MILLI = 1_000_000;
    private static final List<Verdict> KINDS = List.of(Verdict.LOST, Verdict.STALE, Verdict.EXPIRED);
    /** A judged read that found nothing wrong: one object for all, as most reads are, so none is made per read. */
    private static final Judgement MATCHED = new Judgement(Verdict.MATCH, "");
    /** {@link #MATCHED} as {@link #judgeOnly} answers it. */
    private static final StrictFinding MATCHED_FINDING = new StrictFinding("", Verdict.MATCH, "");

    private final DataSet dataSet;
    private final VersionedValues values;
    private final TtlRange ttl;
    private final long originNanos;
    private final long marginMillis;
    private final long[] versions;
    private final long[] times;
    private final Object[] locks = new Object[STRIPES];
    private final AtomicLong lastVersion = new AtomicLong();
    private final LongAdder judged = new LongAdder();
    private final LongAdder replicaJudged = new LongAdder();
    private final LongAdder replicaBehind = new LongAdder();
    private final LongAdder[] reads = new LongAdder[KINDS.size()];
    private final LongAdder[] keys = new LongAdder[KINDS.size()];
    private final List<StrictFinding> first = new ArrayList<>();

    /**
     * @param originNanos the clock's time at the start of the run, before any write
     * @param protocol    what the server speaks, which says how exactly it expires keys
     */
    WriteLedger(VersionedValues values, TtlRange ttl, long originNanos, Protocol protocol) {
        this.dataSet = values.dataSet();
        this.values = values;
        this.ttl = ttl;
        this.originNanos = originNanos;
        this.marginMillis = protocol == Protocol.MEMCACHED ? MEMCACHED_MARGIN_MILLIS : MARGIN_MILLIS;
        int keyCount = dataSet.keyCount();
        this.versions = new long[keyCount];
        this.times = new long[keyCount];
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new Object();
        }
        for (int i = 0; i < KINDS.size(); i++) {
            reads[i] = new LongAdder();
            keys[i] = new LongAdder();
        }
    }

    /** A preload write acknowledged with no attempt in doubt: the key's first known state. */
    @Override
    public void written(int index, long sentNanos, long acknowledgedNanos) {
        synchronized (lock(index)) {
            if (!fits(acknowledgedNanos)) {
                versions[index] |= UNSURE;
                return;
            }
            versions[index] = versions[index] & FLAGS | KNOWN | PRELOAD_VERSION << VERSION_SHIFT;
            times[index] = times(sentNanos, acknowledgedNanos);
        }
    }

    /** A preload write whose outcome is in doubt: the key is not judged again. */
    @Override
    public void doubtful(int index) {
        synchronized (lock(index)) {
            versions[index] |= UNSURE;
        }
    }

    /** Versions come from the ledger's counter, never from {@code random}. */
    @Override
    public long beginWrite(int index, SplittableRandom random) {
        return beginWrite(index);
    }

    /** Counts a write as in flight from now and gives it its version. */
    long beginWrite(int index) {
        synchronized (lock(index)) {
            long word = versions[index];
            if ((word & IN_FLIGHT) > 0) {
                word |= OVERLAPPED;
            }
            versions[index] = (word & IN_FLIGHT) == IN_FLIGHT ? word | UNSURE : word + 1;
            return lastVersion.incrementAndGet();
        }
    }

    @Override
    public void endWrite(int index, long version, long sentNanos, long completedNanos, boolean acknowledged) {
        synchronized (lock(index)) {
            long word = versions[index];
            if ((word & IN_FLIGHT) > 0) {
                word--;
            }
            if (!acknowledged || version > MAX_VERSION || !fits(completedNanos)) {
                word |= UNSURE;
            } else if ((word & OVERLAPPED) != 0) {
                word &= ~KNOWN;
            } else {
                word = word & FLAGS | KNOWN | version << VERSION_SHIFT;
                times[index] = times(sentNanos, completedNanos);
            }
            versions[index] = (word & IN_FLIGHT) == 0 ? word & ~OVERLAPPED : word;
        }
    }

    /** Judges a read against the key's known state and counts what it finds. */
    @Override
    public Verdict checkRead(int index, long version, long sentNanos, long completedNanos) {
        synchronized (lock(index)) {
            Judgement judgement = judge(index, version, sentNanos, completedNanos);
            if (judgement == null) {
                return Verdict.MATCH;
            }
            judged.increment();
            return judgement == MATCHED ? Verdict.MATCH : found(index, judgement);
        }
    }

    /** A replica's miss or older version is behind, not lost or stale; a value past its TTL is a finding still. */
    @Override
    public void checkReplicaRead(int index, long version, long sentNanos, long completedNanos) {
        synchronized (lock(index)) {
            Judgement judgement = judge(index, version, sentNanos, completedNanos);
            if (judgement == null) {
                return;
            }
            replicaJudged.increment();
            if (judgement.verdict() == Verdict.LOST || judgement.verdict() == Verdict.STALE) {
                replicaBehind.increment();
            } else if (judgement != MATCHED) {
                found(index, judgement);
            }
        }
    }

    @Override
    public StrictFinding judgeOnly(int index, long version, long sentNanos, long completedNanos) {
        synchronized (lock(index)) {
            Judgement judgement = judge(index, version, sentNanos, completedNanos);
            return judgement == null ? null : judgement == MATCHED ? MATCHED_FINDING : finding(index, judgement);
        }
    }

    /** What a judged read found: a verdict, and for a finding the versions and times that prove it. */
    private record Judgement(Verdict verdict, String detail) {
    }

    /**
     * What a read of key {@code index} finds against the key's known state, under its lock: null
     * when it cannot be judged for sure, {@link #MATCHED} when nothing is wrong.
     */
    private Judgement judge(int index, long version, long sentNanos, long completedNanos) {
        long word = versions[index];
        if ((word & UNSURE) != 0 || (word & KNOWN) == 0) {
            return null;
        }
        long known = word >>> VERSION_SHIFT;
        long writeSent = originNanos + (times[index] >>> 32) * NANOS_PER_MILLI;
        long writeAcknowledged = originNanos + (times[index] & 0xFFFF_FFFFL) * NANOS_PER_MILLI;
        if (writeAcknowledged > sentNanos) {
            return null;
        }
        long ttlSeconds = values.ttlSeconds(index, known, ttl);
        long ttlNanos = ttlSeconds * 1_000_000_000L;
        long margin = marginMillis * NANOS_PER_MILLI + ttlNanos / 1000 * MARGIN_PER_MILLE;
        if (version < 0) {
            if ((word & IN_FLIGHT) == 0 && completedNanos + margin < writeSent + ttlNanos) {
                return new Judgement(Verdict.LOST, String.format(Locale.ROOT, "version %d, TTL %d s, was "
                        + "acknowledged %.1f ms before the read was sent and could not expire for %.1f ms more",
                        known, ttlSeconds, millis(sentNanos - writeAcknowledged),
                        millis(writeSent + ttlNanos - completedNanos)));
            }
        } else if (version < known) {
            return new Judgement(Verdict.STALE, String.format(Locale.ROOT, "read version %d; version %d was "
                    + "acknowledged %.1f ms before the read was sent", version, known,
                    millis(sentNanos - writeAcknowledged)));
        } else if (version == known && sentNanos > writeAcknowledged + ttlNanos + margin) {
            return new Judgement(Verdict.EXPIRED, String.format(Locale.ROOT, "version %d, TTL %d s, had expired "
                    + "%.1f ms before the read was sent, at the latest", known, ttlSeconds,
                    millis(sentNanos - writeAcknowledged - ttlNanos)));
        }
        return MATCHED;
    }

    /** {@code judgement} of key {@code index} as a finding: the key's name is made only here, for a finding kept. */
    private StrictFinding finding(int index, Judgement judgement) {
        return new StrictFinding(new String(dataSet.key(index), StandardCharsets.US_ASCII), judgement.verdict(),
                judgement.detail());
    }

    @Override
    public Verdict checkValue(int index, byte[] intact, int length, long sentNanos, long completedNanos) {
        return checkRead(index, values.versionOf(intact, length), sentNanos, completedNanos);
    }

    @Override
    public void checkReplicaValue(int index, byte[] intact, int length, long sentNanos, long completedNanos) {
        checkReplicaRead(index, values.versionOf(intact, length), sentNanos, completedNanos);
    }

    @Override
    public OptionalLong findings() {
        long found = 0;
        for (LongAdder kind : reads) {
            found += kind.sum();
        }
        return OptionalLong.of(found);
    }

    @Override
    public Optional<StrictResult> result() {
        long unsure = 0;
        for (int i = 0; i < versions.length; i++) {
            synchronized (lock(i)) {
                unsure += (versions[i] & UNSURE) != 0 ? 1 : 0;
            }
        }
        List<StrictFinding> firstFindings;
        synchronized (first) {
            firstFindings = List.copyOf(first);
        }
        return Optional.of(new StrictResult(new StrictResult.Ledger(versions.length,
                (long) versions.length * BYTES_PER_KEY, marginMillis, MARGIN_PER_MILLE), judged.sum(),
                new StrictResult.Findings(keys[0].sum(), reads[0].sum(), keys[1].sum(), reads[1].sum(), keys[2].sum(),
                        reads[2].sum()), unsure, firstFindings,
                new StrictResult.ReplicaReads(replicaJudged.sum(), replicaBehind.sum())));
    }

    /** Counts a finding under the key's lock; the key counts once per kind. */
    private Verdict found(int index, Judgement judgement) {
        int kind = KINDS.indexOf(judgement.verdict());
        reads[kind].increment();
        long reported = 1L << (REPORTED_SHIFT + kind);
        if ((versions[index] & reported) == 0) {
            versions[index] |= reported;
            keys[kind].increment();
            synchronized (first) {
                if (first.size() < MismatchLog.KEPT) {
                    first.add(finding(index, judgement));
                }
            }
        }
        return judgement.verdict();
    }

    /** Whether a time is within the 49 days from the start that a stored millisecond count can hold. */
    private boolean fits(long nanos) {
        return nanos >= originNanos && (nanos - originNanos) / NANOS_PER_MILLI < 0xFFFF_FFFFL;
    }

    /** The sent time rounded down and the acknowledged time up to whole milliseconds, in one word. */
    private long times(long sentNanos, long acknowledgedNanos) {
        long sent = Math.max(0, Math.floorDiv(sentNanos - originNanos, NANOS_PER_MILLI));
        long acknowledged = -Math.floorDiv(originNanos - acknowledgedNanos, NANOS_PER_MILLI);
        return sent << 32 | acknowledged;
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }

    private Object lock(int index) {
        return locks[index & (STRIPES - 1)];
    }
}
