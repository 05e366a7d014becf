package dev.metric.workload;

/**
 * A shuffled order of the key indices {@code [0, n)} that costs no memory: position {@code p}
 * maps to index {@link #indexAt(long) indexAt(p)}, and every index comes up exactly once as
 * {@code p} runs over {@code [0, n)}.
 *
 * <p>It exists so that every key written can be read back exactly once, in an order that
 * defeats a server's read-ahead and locality as uniform random reads do, without a list of
 * millions of indices in the heap. A balanced Feistel network over the smallest even power of
 * two at or above {@code n} is a bijection of that domain whatever its round function;
 * "cycle walking" (applying it again while the result lies at or above {@code n}) restricts it
 * to a bijection of {@code [0, n)}. The domain is under {@code 4n}, so an index takes fewer than
 * four rounds of the network on average.
 */
public final class KeyPermutation {

    private static final int ROUNDS = 4;
    private static final long ROUND_SALT = 0x7065726D75746500L;

    private final long size;
    private final int halfBits;
    private final long halfMask;
    private final long[] roundKeys = new long[ROUNDS];

    /**
     * @param seed the same seed gives the same order
     * @param size how many indices to shuffle, at least 1
     */
    public KeyPermutation(long seed, long size) {
        if (size < 1) {
            throw new IllegalArgumentException("a permutation needs at least 1 index, got " + size);
        }
        this.size = size;
        int bits = Math.max(2, 64 - Long.numberOfLeadingZeros(size - 1));
        this.halfBits = (bits + 1) / 2;
        this.halfMask = (1L << halfBits) - 1;
        long state = seed ^ ROUND_SALT;
        for (int round = 0; round < ROUNDS; round++) {
            state += SplitMix64.GOLDEN_GAMMA;
            roundKeys[round] = SplitMix64.mix(state);
        }
    }

    public long size() {
        return size;
    }

    /** The index at {@code position} of the shuffled order, both in {@code [0, size)}. */
    public long indexAt(long position) {
        if (position < 0 || position >= size) {
            throw new IndexOutOfBoundsException("position " + position + " outside 0.." + (size - 1));
        }
        long x = position;
        do {
            x = encipher(x);
        } while (x >= size);
        return x;
    }

    private long encipher(long x) {
        long left = x >>> halfBits;
        long right = x & halfMask;
        for (long key : roundKeys) {
            long next = left ^ (SplitMix64.mix(right ^ key) & halfMask);
            left = right;
            right = next;
        }
        return (left << halfBits) | right;
    }
}
