package dev.metric.workload;

/**
 * The SplitMix64 generator as static functions over a caller-held {@code long} state.
 *
 * <p>Every byte the workload produces comes from here. Static methods over a local state keep
 * the hot path free of allocation and make each key's and value's bytes a pure function of its
 * starting state.
 */
final class SplitMix64 {

    static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private SplitMix64() {
    }

    /** Stafford's variant 13 finaliser: a bijection that spreads every input bit over the output. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The output that follows {@code state}; the next state is {@code state + GOLDEN_GAMMA}. */
    static long output(long state) {
        return mix(state + GOLDEN_GAMMA);
    }

    /** A value in {@code [0, bound)} from one random word, with negligible bias for small bounds. */
    static int below(long random, int bound) {
        return (int) Long.remainderUnsigned(random, bound);
    }
}
