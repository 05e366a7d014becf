package dev.metric.run;

import dev.metric.server.ServerInfo;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingMessage;
import dev.metric.workload.DataSpec;

/**
 * Refuses, before anything is written, values a memcached server would refuse one by one: an
 * item (its key, its value and memcached's header) larger than the server's item size limit
 * ({@code item_size_max}, memcached's {@code -I}, 1 MiB by default) is answered with
 * {@code SERVER_ERROR object too large for cache}, so a run with such values could only fail.
 */
public final class ItemSizeLimit {

    /**
     * What memcached adds to a key and a value to make an item: its header (48 bytes on 64-bit
     * builds), the CAS (8), the key's terminating byte and the value's CRLF, rounded up.
     */
    static final int ITEM_HEADER_BYTES = 64;

    private ItemSizeLimit() {
    }

    /**
     * Checks the largest key and value of {@code data} against the limit {@code info} reports;
     * does nothing for a server other than memcached, or one that does not report its limit.
     *
     * @throws RunRefusedException when the largest items would not fit
     */
    public static void check(ServerInfo info, DataSpec data) {
        String limit = info.memcached() ? info.fields().get("item_size_max") : null;
        if (limit == null) {
            return;
        }
        long maxItem = Long.parseLong(limit);
        long largest = (long) data.keySizes().maxBytes() + data.valueSizes().maxBytes() + ITEM_HEADER_BYTES;
        if (largest > maxItem) {
            throw new RunRefusedException(SettingMessage.of(Setting.VALUE_SIZE, String.format(" up to %,d bytes:"
                    + " with a key of up to %,d bytes and memcached's item header, an item takes up to %,d bytes,"
                    + " more than this server's item size limit of %,d bytes (item_size_max, memcached -I);"
                    + " nothing was written", data.valueSizes().maxBytes(), data.keySizes().maxBytes(), largest,
                    maxItem)));
        }
    }
}
