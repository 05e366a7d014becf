package dev.metric.mode.cache;

import dev.metric.run.LoadPhase;
import dev.metric.workload.Verdict;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * What mode2 remembers of each key's writes to judge its reads: the {@link WriteLedger} under
 * {@code --strict}, {@link #NONE} otherwise. The traffic tells it every write and read the same
 * way in both cases, so no lane asks whether {@code --strict} is on.
 */
interface KeyLedger extends LoadPhase.Acknowledgements {

    /** Judges nothing and keeps nothing; versions are random, as any intact version passes. */
    KeyLedger NONE = new KeyLedger() {
        @Override
        public void written(int index, long sentNanos, long acknowledgedNanos) {
        }

        @Override
        public void doubtful(int index) {
        }

        /** Random versions make two writes of a key differ in length and bytes. */
        @Override
        public long beginWrite(int index, SplittableRandom random) {
            return random.nextLong() & Long.MAX_VALUE;
        }

        @Override
        public void endWrite(int index, long version, long sentNanos, long completedNanos, boolean acknowledged) {
        }

        @Override
        public Verdict checkRead(int index, long version, long sentNanos, long completedNanos) {
            return Verdict.MATCH;
        }

        @Override
        public Verdict checkValue(int index, byte[] intact, int length, long sentNanos, long completedNanos) {
            return Verdict.MATCH;
        }

        @Override
        public void checkReplicaRead(int index, long version, long sentNanos, long completedNanos) {
        }

        @Override
        public void checkReplicaValue(int index, byte[] intact, int length, long sentNanos, long completedNanos) {
        }

        @Override
        public StrictFinding judgeOnly(int index, long version, long sentNanos, long completedNanos) {
            return null;
        }

        @Override
        public OptionalLong findings() {
            return OptionalLong.empty();
        }

        @Override
        public Optional<StrictResult> result() {
            return Optional.empty();
        }
    };

    /**
     * Starts a write of key {@code index} and gives it its version.
     *
     * @param random the lane's random source, for a ledger that needs no unique versions
     */
    long beginWrite(int index, SplittableRandom random);

    /**
     * Ends a write begun with {@link #beginWrite}.
     *
     * @param sentNanos      a time before it was sent: its intended start
     * @param completedNanos when its reply (or failure) came
     * @param acknowledged   whether the server acknowledged it
     */
    void endWrite(int index, long version, long sentNanos, long completedNanos, boolean acknowledged);

    /**
     * Judges a read of key {@code index} that found an intact value of {@code version}, or -1
     * for a miss.
     *
     * @param sentNanos      a time before the read was sent: its intended start
     * @param completedNanos when its reply came
     * @return {@link Verdict#MATCH} when nothing is wrong or nothing can be said for sure
     */
    Verdict checkRead(int index, long version, long sentNanos, long completedNanos);

    /**
     * Judges a read of key {@code index} sent to a replica ({@code --read-from}), which found an
     * intact value of {@code version}, or -1 for a miss: as {@link #checkRead} judges the primary's,
     * except that a write it had not applied yet (a miss, or an older version, that on the primary
     * would be lost or stale) counts as behind, apart from the findings.
     */
    void checkReplicaRead(int index, long version, long sentNanos, long completedNanos);

    /** {@link #checkReplicaRead} of a value that passed verification: the first {@code length} bytes of it. */
    void checkReplicaValue(int index, byte[] intact, int length, long sentNanos, long completedNanos);

    /**
     * What {@link #checkRead} would find of such a read, counting nothing: a read of a replica's
     * copy, judged against the same acknowledged writes. Null when it cannot be judged for sure; a
     * finding of {@link Verdict#MATCH} when nothing is wrong.
     */
    StrictFinding judgeOnly(int index, long version, long sentNanos, long completedNanos);

    /**
     * Judges a read that found a value of the key that passed verification: the first {@code length}
     * bytes of {@code intact}.
     */
    Verdict checkValue(int index, byte[] intact, int length, long sentNanos, long completedNanos);

    /** Reads found lost, stale or expired so far, for progress lines; empty when nothing is judged. */
    OptionalLong findings();

    /** What was found over the run so far; empty when nothing is judged. */
    Optional<StrictResult> result();
}
