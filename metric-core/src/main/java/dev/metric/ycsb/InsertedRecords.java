package dev.metric.ycsb;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The records a YCSB run may read, and the number the next insert takes: as YCSB's
 * AcknowledgedCounterGenerator, records are numbered in the order their inserts begin, but a
 * record is readable only once its insert, and every insert before it, has ended, so that no read
 * looks for a record still being written. Inserts end out of order on many connections: a
 * window of the ones ended past the readable ones is kept, and the readable count moves over it
 * as the gaps close. An insert that failed ends too, or every later record would stay unreadable;
 * its record is the caller's to leave unjudged.
 *
 * <p>Thread-safe: lanes take numbers and end inserts from any thread.
 */
public final class InsertedRecords {

    /** How many inserts may be under way at once, beyond the readable records: far more than lanes times window. */
    static final int WINDOW = 1 << 16;

    private final AtomicLong next;
    private final boolean[] ended = new boolean[WINDOW];
    private volatile long readable;

    /** @param loaded the records the load phase wrote, 0 to {@code loaded - 1}, all readable */
    public InsertedRecords(long loaded) {
        this.next = new AtomicLong(loaded);
        this.readable = loaded;
    }

    /**
     * The number of the record a new insert writes.
     *
     * @throws IllegalStateException when {@link #WINDOW} inserts are under way past the readable records
     */
    public long begin() {
        long record = next.getAndIncrement();
        if (record - readable >= WINDOW) {
            throw new IllegalStateException("more than " + WINDOW + " YCSB inserts under way at once");
        }
        return record;
    }

    /** The insert of {@code record} has ended, acknowledged or not. */
    public synchronized void end(long record) {
        long first = readable;
        if (record < first || ended[slot(record)]) {
            throw new IllegalStateException("the insert of record " + record + " ended twice");
        }
        ended[slot(record)] = true;
        long now = first;
        while (ended[slot(now)]) {
            ended[slot(now)] = false;
            now++;
        }
        readable = now;
    }

    /** Records 0 to this less one may be read: loaded, or inserted with every insert before them ended. */
    public long readable() {
        return readable;
    }

    /** Records whose insert has begun, readable or not. */
    public long begun() {
        return next.get();
    }

    private static int slot(long record) {
        return (int) (record & (WINDOW - 1));
    }
}
