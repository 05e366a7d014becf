package dev.metric.result;

import java.util.ArrayList;
import java.util.List;

/**
 * Which components a result's builder was given, so that its {@code build()} refuses a result
 * with a figure left out instead of writing a zero or a null that looks measured.
 */
public final class ComponentsSet {

    private final String record;
    private final List<String> names;
    private long set;

    /** @param names the record's components, in order; at most 64 */
    public ComponentsSet(String record, List<String> names) {
        if (names.size() > Long.SIZE) {
            throw new IllegalArgumentException(record + ": more than " + Long.SIZE + " components");
        }
        this.record = record;
        this.names = List.copyOf(names);
    }

    /** Records that component {@code index} was given. */
    public void given(int index) {
        set |= 1L << index;
    }

    /** @throws IllegalStateException naming every component not given */
    public void requireAll() {
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if ((set & 1L << i) == 0) {
                missing.add(names.get(i));
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException(record + " built without " + String.join(", ", missing));
        }
    }
}
