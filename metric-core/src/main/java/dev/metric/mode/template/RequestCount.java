package dev.metric.mode.template;

import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import dev.metric.settings.SettingMessage;
import dev.metric.workload.KeyDistribution;
import java.util.Locale;

/**
 * A run bounded by requests rather than time, as memtier_benchmark's {@code -n} bounds one: each
 * lane sends {@code perLane} requests, or with {@code allKeys} each key of the data set once, the
 * keys cut into as many contiguous parts as there are lanes, each lane walking its own
 * ({@link dev.metric.workload.KeyDistribution.Parallel}).
 *
 * @param perLane  the requests each lane sends; 0 with {@code allKeys}
 * @param allKeys  each key once, over all lanes together (memtier's {@code -n allkeys})
 */
public record RequestCount(long perLane, boolean allKeys) {

    /** Each key of the data set once. */
    public static final RequestCount ALL_KEYS = new RequestCount(0, true);

    public RequestCount {
        if (allKeys ? perLane != 0 : perLane < 1) {
            throw new SettingException(SettingMessage.of(Setting.REQUESTS, " must be a whole number of at least 1, or"
                    + " allkeys, got " + perLane));
        }
    }

    /** {@code perLane} requests on each lane. */
    public static RequestCount perLane(long requests) {
        return new RequestCount(requests, false);
    }

    /** The requests lane {@code lane} of {@code lanes} sends over {@code keyCount} keys: with allkeys, its part's. */
    long forLane(int lane, int lanes, int keyCount) {
        return allKeys ? KeyDistribution.Parallel.partStart(lane + 1, lanes, keyCount)
                - KeyDistribution.Parallel.partStart(lane, lanes, keyCount) : perLane;
    }

    /** In words, for the report, the dry run and the progress lines. */
    public String describe() {
        return allKeys ? "each key once, the keys split among the lanes" : String.format(Locale.ROOT,
                "%,d requests on each lane", perLane);
    }
}
