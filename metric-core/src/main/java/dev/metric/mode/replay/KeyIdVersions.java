package dev.metric.mode.replay;

/**
 * What a replay knows of each key its trace writes: the state a read of the key should find,
 * by key id, in two arrays of longs (open addressing), so that a trace of millions of keys costs
 * 16 to 32 bytes a key. Not thread-safe: the one thread that reads the trace owns it.
 */
final class KeyIdVersions {

    private static final int MIN_CAPACITY = 16;

    /** Each slot holds an id plus one, 0 when empty. */
    private long[] ids = new long[MIN_CAPACITY];
    private long[] states = new long[MIN_CAPACITY];
    private int size;

    /** The state stored for {@code id}, or {@code absent} when there is none. */
    long get(long id, long absent) {
        long stored = id + 1;
        int mask = ids.length - 1;
        for (int i = KeyIdSet.slot(stored, mask); ; i = (i + 1) & mask) {
            if (ids[i] == stored) {
                return states[i];
            }
            if (ids[i] == 0) {
                return absent;
            }
        }
    }

    void put(long id, long state) {
        if ((size + 1) * 2 > ids.length) {
            grow();
        }
        if (put(ids, states, id + 1, state)) {
            size++;
        }
    }

    int size() {
        return size;
    }

    /** Stores into the arrays; returns whether the id was new to them. */
    private static boolean put(long[] ids, long[] states, long stored, long state) {
        int mask = ids.length - 1;
        for (int i = KeyIdSet.slot(stored, mask); ; i = (i + 1) & mask) {
            if (ids[i] == stored || ids[i] == 0) {
                boolean added = ids[i] == 0;
                ids[i] = stored;
                states[i] = state;
                return added;
            }
        }
    }

    private void grow() {
        long[] oldIds = ids;
        long[] oldStates = states;
        ids = new long[oldIds.length * 2];
        states = new long[oldIds.length * 2];
        for (int i = 0; i < oldIds.length; i++) {
            if (oldIds[i] != 0) {
                put(ids, states, oldIds[i], oldStates[i]);
            }
        }
    }
}
