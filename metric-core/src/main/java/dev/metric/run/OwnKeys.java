package dev.metric.run;

import dev.metric.workload.DataSet;
import dev.metric.ycsb.YcsbRecords;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Which keys are provably metric's, so that {@code --flush} and {@code --cleanup} never take a
 * user's. A key is metric's only when both hold:
 * <ul>
 *   <li>it has the exact shape metric writes under the run's prefix: a data-set key ({@link
 *       DataSet#hasKeyShape}: the prefix, a base-36 index, {@code ':'}, filler of metric's alphabet,
 *       a length in the run's range), a YCSB record's or index's key ({@link
 *       YcsbRecords#isRecordOrIndexKey}), or the marker itself;</li>
 *   <li>the database holds the marker, {@code <prefix>#metric}, which every run writes under its
 *       prefix before it writes anything else there: an application's own keys that happen to
 *       start with {@code metric:} lie in a database no metric run wrote to, and stay.</li>
 * </ul>
 * A replay writes the trace's keys, which are not metric's by any shape: it has {@link #NONE}, as a
 * run of memtier_benchmark's numbered names has.
 */
public final class OwnKeys {

    /** No key is metric's, and no marker is written: a replay's trace names its own keys. */
    public static final OwnKeys NONE = new OwnKeys(null, "");

    /** What the marker's key adds to the prefix: {@code '#'} is no base-36 digit, so no data-set key ends so. */
    static final String MARKER_SUFFIX = "#metric";
    /** How the marker's value begins, whatever prefix it marks. */
    private static final String MARKER_VALUE_START = "written by metric";

    private final DataSet dataSet;
    private final String prefix;
    private final byte[] prefixBytes;
    private final String markerName;
    private final byte[] marker;

    private OwnKeys(DataSet dataSet, String prefix) {
        this.dataSet = dataSet;
        this.prefix = prefix;
        this.prefixBytes = prefix.getBytes(StandardCharsets.UTF_8);
        this.markerName = markerOf(prefix);
        this.marker = markerName.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The keys a run writing {@code dataSet} (or YCSB records under its prefix) would write; {@link #NONE}
     * for memtier_benchmark's numbered names, which any tool writes.
     */
    public static OwnKeys of(DataSet dataSet) {
        return dataSet.spec().numbered() ? NONE : new OwnKeys(dataSet, dataSet.spec().keyPrefix());
    }

    /** What every one of them starts with. */
    public String prefix() {
        return prefix;
    }

    /** Whether a run that writes keys marks the database as written by metric: false for {@link #NONE}. */
    public boolean marks() {
        return dataSet != null;
    }

    /** The key of the marker of the keys under {@code prefix}: {@code <prefix>#metric}. */
    public static String markerOf(String prefix) {
        return prefix + MARKER_SUFFIX;
    }

    /** The marker's key: {@code <prefix>#metric}. */
    public byte[] marker() {
        return marker.clone();
    }

    /** The marker's key as a person reads it. */
    public String markerName() {
        return markerName;
    }

    /** The marker's value: what a person who finds it in a database reads. */
    public byte[] markerValue() {
        return (MARKER_VALUE_START + ", a benchmark, which writes this key before it writes any key starting with '"
                + prefix + "'; its --flush and --cleanup take only keys of metric's shape in a database holding this"
                + " key, and --cleanup removes this key last").getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Whether {@code value}, read at the marker's key (null when none is there), is a marker a run
     * wrote: a key of that name holding anything else proves nothing.
     */
    public boolean isMarkerValue(byte[] value) {
        byte[] start = MARKER_VALUE_START.getBytes(StandardCharsets.UTF_8);
        return marks() && value != null && value.length >= start.length
                && Arrays.equals(value, 0, start.length, start, 0, start.length);
    }

    /** Whether {@code key} is the marker. */
    public boolean isMarker(byte[] key) {
        return marks() && Arrays.equals(key, marker);
    }

    /** Whether {@code key} has the shape of a key metric writes under the prefix, the marker included. */
    public boolean hasOwnShape(byte[] key) {
        return marks() && (dataSet.hasKeyShape(key) || YcsbRecords.isRecordOrIndexKey(prefixBytes, key)
                || Arrays.equals(key, marker));
    }
}
