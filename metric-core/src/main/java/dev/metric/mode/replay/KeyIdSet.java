package dev.metric.mode.replay;

/**
 * A set of key ids ({@link dev.metric.workload.TraceValues#keyId}, 0 or above) in one array of
 * longs, open addressing: what a replay must remember about a trace's keys costs 8 to 16 bytes a
 * key, where a {@code HashSet<Long>} costs about 60. Not thread-safe.
 */
final class KeyIdSet {

    private static final int MIN_CAPACITY = 16;

    /** Each slot holds an id plus one, 0 when empty. */
    private long[] slots = new long[MIN_CAPACITY];
    private int size;

    /** Adds {@code id}; returns whether it was not there yet. */
    boolean add(long id) {
        if ((size + 1) * 2 > slots.length) {
            grow();
        }
        if (insert(slots, id + 1)) {
            size++;
            return true;
        }
        return false;
    }

    boolean contains(long id) {
        long stored = id + 1;
        int mask = slots.length - 1;
        for (int i = slot(stored, mask); ; i = (i + 1) & mask) {
            if (slots[i] == stored) {
                return true;
            }
            if (slots[i] == 0) {
                return false;
            }
        }
    }

    int size() {
        return size;
    }

    private boolean insert(long[] into, long stored) {
        int mask = into.length - 1;
        for (int i = slot(stored, mask); ; i = (i + 1) & mask) {
            if (into[i] == stored) {
                return false;
            }
            if (into[i] == 0) {
                into[i] = stored;
                return true;
            }
        }
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        for (long stored : old) {
            if (stored != 0) {
                insert(slots, stored);
            }
        }
    }

    /** Ids are hashes already: their low bits spread well, mixed once more against runs of near ids. */
    static int slot(long stored, int mask) {
        return (int) ((stored * 0x9E3779B97F4A7C15L) >>> 32) & mask;
    }
}
