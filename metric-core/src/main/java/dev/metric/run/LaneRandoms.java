package dev.metric.run;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Each lane's random stream, split from one seeded root and kept from one drive to the next, so
 * that a phase continues the seeded sequence instead of repeating it; a lane added later (a search
 * that doubles the lanes) gets a stream split off then.
 */
public final class LaneRandoms {

    private final SplittableRandom root;
    private final List<SplittableRandom> lanes = new ArrayList<>();

    public LaneRandoms(long seed) {
        this.root = new SplittableRandom(seed);
    }

    /** The stream of lane {@code lane}, split off the root the first time a drive has that many lanes. */
    public synchronized SplittableRandom of(int lane) {
        while (lanes.size() <= lane) {
            lanes.add(root.split());
        }
        return lanes.get(lane);
    }
}
