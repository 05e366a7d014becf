package dev.metric.mode.replay;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The fields a YCSB trace's records have: every field name its reads and writes name, in the order
 * they first appear, or YCSB's default ten, {@code field0} to {@code field9}, when it names none (a
 * trace of reads of all fields). The warm phase writes these for each record it writes, and a read
 * of all fields expects each of them.
 */
final class RecordFields {

    /** YCSB's default {@code fieldcount}. */
    static final int YCSB_DEFAULT_FIELDS = 10;

    private final List<byte[]> names = new ArrayList<>();
    private final Set<String> added = new HashSet<>();

    /** Adds a field name, once. */
    void add(byte[] field) {
        if (added.add(new String(field, StandardCharsets.ISO_8859_1))) {
            names.add(field.clone());
        }
    }

    /** The fields, as added; YCSB's default ones when none was. */
    byte[][] names() {
        if (names.isEmpty()) {
            byte[][] defaults = new byte[YCSB_DEFAULT_FIELDS][];
            for (int i = 0; i < defaults.length; i++) {
                defaults[i] = ("field" + i).getBytes(StandardCharsets.US_ASCII);
            }
            return defaults;
        }
        return names.toArray(new byte[0][]);
    }
}
