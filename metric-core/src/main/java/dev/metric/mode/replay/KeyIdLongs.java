package dev.metric.mode.replay;

/**
 * A long for each key id, in two arrays of longs (open addressing), so that a trace of millions of
 * keys costs 16 to 32 bytes a key where a {@code HashMap<Long, Long>} costs about 80: what a replay
 * knows of each key its trace writes (the state a read of it should find), or what the scan counts
 * of each key. Not thread-safe: the one thread that reads the trace owns it.
 */
final class KeyIdLongs {

    /** What {@link #forEach} hands each key to. */
    @FunctionalInterface
    interface Entry {
        void accept(long id, long value);
    }

    private static final int MIN_CAPACITY = 16;

    /** Each slot holds an id plus one, 0 when empty. */
    private long[] ids = new long[MIN_CAPACITY];
    private long[] values = new long[MIN_CAPACITY];
    private int size;

    /** The long stored for {@code id}, or {@code absent} when there is none. */
    long get(long id, long absent) {
        long stored = id + 1;
        int mask = ids.length - 1;
        for (int i = KeyIdSet.slot(stored, mask); ; i = (i + 1) & mask) {
            if (ids[i] == stored) {
                return values[i];
            }
            if (ids[i] == 0) {
                return absent;
            }
        }
    }

    void put(long id, long value) {
        if ((size + 1) * 2 > ids.length) {
            grow();
        }
        if (put(ids, values, id + 1, value)) {
            size++;
        }
    }

    /** Adds {@code delta} to the long stored for {@code id}, 0 when there was none. */
    void add(long id, long delta) {
        put(id, get(id, 0) + delta);
    }

    /** Sets {@code bits} in the long stored for {@code id}, 0 when there was none. */
    void set(long id, long bits) {
        put(id, get(id, 0) | bits);
    }

    int size() {
        return size;
    }

    /** Hands every key and its long to {@code entry}, in no particular order. */
    void forEach(Entry entry) {
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] != 0) {
                entry.accept(ids[i] - 1, values[i]);
            }
        }
    }

    /** Stores into the arrays; returns whether the id was new to them. */
    private static boolean put(long[] ids, long[] values, long stored, long value) {
        int mask = ids.length - 1;
        for (int i = KeyIdSet.slot(stored, mask); ; i = (i + 1) & mask) {
            if (ids[i] == stored || ids[i] == 0) {
                boolean added = ids[i] == 0;
                ids[i] = stored;
                values[i] = value;
                return added;
            }
        }
    }

    private void grow() {
        long[] oldIds = ids;
        long[] oldValues = values;
        ids = new long[oldIds.length * 2];
        values = new long[oldIds.length * 2];
        for (int i = 0; i < oldIds.length; i++) {
            if (oldIds[i] != 0) {
                put(ids, values, oldIds[i], oldValues[i]);
            }
        }
    }
}
