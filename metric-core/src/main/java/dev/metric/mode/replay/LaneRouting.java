package dev.metric.mode.replay;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Which lane each key's commands go to, dealt when the trace has been scanned.
 *
 * <p>Every command of a key goes to one lane, in the trace's order, so that a read follows the
 * writes before it on one connection. Dealt by their hash alone, the keys leave one lane with more
 * commands than another whenever a few keys carry much of the trace: under YCSB's zipfian the
 * hottest of a million records is about one command in twenty, and in results/ycsb-replay run 4 the
 * four lanes had 28.1, 20.5, 26.9 and 24.5% of the commands. The busiest lane sets the pace of the
 * whole replay, as its queue is the one that fills and holds the reader back.
 *
 * <p>So the scan counts the commands each key routes, and the keys of at least
 * 1/{@value #HEAVY_SHARE} of a lane's even share (at most {@value #HEAVY_SHARE} keys a lane) are
 * dealt heaviest first, each to the lane with the fewest commands so far, on top of what the
 * lighter keys bring each lane by their hash. The lighter keys stay on their hash's lane: each moves
 * a lane's load by less than 1/{@value #HEAVY_SHARE} of its share, and there are many of them.
 *
 * <p>A key the scan judged by its hash's lane (written by a command another key routes, on the same
 * lane) is {@linkplain #PINNED pinned} there, and so is that other key: moved apart, the two could
 * race on two connections.
 */
final class LaneRouting {

    /** The bit set in a key's count when it must stay on its hash's lane. */
    static final long PINNED = 1L << 62;
    /** A key is dealt on its own when it routes at least this fraction of a lane's even share. */
    static final int HEAVY_SHARE = 1024;

    private final int lanes;
    /** The lane of each key dealt away from its hash's lane. */
    private final KeyIdLongs dealt;
    private final long[] commands;

    private LaneRouting(int lanes, KeyIdLongs dealt, long[] commands) {
        this.lanes = lanes;
        this.dealt = dealt;
        this.commands = commands;
    }

    /**
     * Deals the keys of a scanned trace to {@code lanes} lanes.
     *
     * @param counts every key's count of the commands it routes, with {@link #PINNED} set for a key
     *               that must stay on its hash's lane
     */
    static LaneRouting deal(KeyIdLongs counts, int lanes) {
        long[] load = new long[lanes];
        long[] total = new long[1];
        counts.forEach((id, count) -> {
            load[TraceKeys.laneOf(id, lanes)] += count & ~PINNED;
            total[0] += count & ~PINNED;
        });
        long share = (long) lanes * HEAVY_SHARE;
        long heavy = Math.max(1, (total[0] + share - 1) / share);
        int most = (int) Math.min(counts.size(), share);
        long[] ids = new long[most];
        long[] weights = new long[most];
        int[] found = new int[1];
        counts.forEach((id, count) -> {
            if (lanes > 1 && (count & PINNED) == 0 && count >= heavy) {
                ids[found[0]] = id;
                weights[found[0]] = count;
                found[0]++;
                load[TraceKeys.laneOf(id, lanes)] -= count;
            }
        });
        KeyIdLongs dealt = new KeyIdLongs();
        for (int at : heaviestFirst(weights, found[0])) {
            int lane = 0;
            for (int other = 1; other < lanes; other++) {
                lane = load[other] < load[lane] ? other : lane;
            }
            load[lane] += weights[at];
            if (lane != TraceKeys.laneOf(ids[at], lanes)) {
                dealt.put(ids[at], lane);
            }
        }
        return new LaneRouting(lanes, dealt, load);
    }

    /** The positions of the first {@code n} weights, heaviest first; of equal ones, the first first. */
    private static int[] heaviestFirst(long[] weights, int n) {
        return IntStream.range(0, n).boxed()
                .sorted((a, b) -> weights[a] != weights[b] ? Long.compare(weights[b], weights[a])
                        : Integer.compare(a, b))
                .mapToInt(Integer::intValue).toArray();
    }

    /** The lane every command {@code id} routes goes to. */
    int laneOf(long id) {
        return (int) dealt.get(id, TraceKeys.laneOf(id, lanes));
    }

    int lanes() {
        return lanes;
    }

    /** The commands dealt to each lane (the keyless ones, dealt in turn, aside). */
    long[] commands() {
        return Arrays.copyOf(commands, lanes);
    }
}
