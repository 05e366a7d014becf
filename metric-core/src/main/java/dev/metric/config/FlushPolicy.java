package dev.metric.config;

import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;

/**
 * Whether a run may FLUSHDB before it writes. A benchmark is sometimes pointed at a server that
 * holds real data, so {@code --flush} alone empties only a database where every key is one
 * metric wrote, and {@code --flush --yes} is needed to delete anyone else's.
 */
public enum FlushPolicy {
    /** Delete nothing. */
    NEVER,
    /** Flush, but refuse when the database holds a key without metric's prefix. */
    UNLESS_FOREIGN_KEYS,
    /** Flush whatever the database holds: the user confirmed it. */
    ALWAYS;

    /** The policy of {@code --flush} and {@code --yes}. */
    public static FlushPolicy of(boolean flush, boolean confirmed) {
        if (!flush) {
            if (confirmed) {
                throw SettingException.of(Setting.CONFIRM_FLUSH, " confirms ", Setting.FLUSH, ", which was not given");
            }
            return NEVER;
        }
        return confirmed ? ALWAYS : UNLESS_FOREIGN_KEYS;
    }

    public boolean flushes() {
        return this != NEVER;
    }
}
