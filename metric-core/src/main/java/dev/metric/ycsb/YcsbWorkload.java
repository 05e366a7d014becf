package dev.metric.ycsb;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * YCSB's core workloads, with the proportions and request distribution of YCSB's workload files
 * ({@code workloads/workloada} to {@code workloadf}) and CoreWorkload's defaults for the rest: ten
 * fields of 100 bytes a record, reads of all fields, updates of one field, zipfian requests of
 * constant 0.99, scans of 1 to 100 records, uniformly.
 */
public enum YcsbWorkload {

    /** Update heavy: a session store recording recent actions. */
    A(0.5, 0.5, 0, 0, 0, Distribution.ZIPFIAN),
    /** Read mostly: photo tagging. */
    B(0.95, 0.05, 0, 0, 0, Distribution.ZIPFIAN),
    /** Read only: a user profile cache. */
    C(1, 0, 0, 0, 0, Distribution.ZIPFIAN),
    /** Read latest: user status updates, the newest records the most read. */
    D(0.95, 0, 0.05, 0, 0, Distribution.LATEST),
    /** Short ranges: threaded conversations, each scan of up to 100 records. */
    E(0, 0, 0.05, 0.95, 0, Distribution.ZIPFIAN),
    /** Read-modify-write: a user database, each record read and then updated. */
    F(0.5, 0, 0, 0, 0.5, Distribution.ZIPFIAN);

    /** YCSB's {@code fieldcount}: fields of a record. */
    public static final int FIELD_COUNT = 10;
    /** YCSB's {@code fieldlength}: bytes of a field's value. */
    public static final int FIELD_LENGTH = 100;
    /** YCSB's {@code maxscanlength}: the most records a scan reads. */
    public static final int MAX_SCAN_LENGTH = 100;
    /** YCSB's {@code zipfian} request distribution's constant. */
    public static final double ZIPFIAN_CONSTANT = 0.99;

    /** How records are chosen for reads, updates and scans. */
    public enum Distribution {
        /** YCSB's {@code zipfian}: a few records take most of the requests. */
        ZIPFIAN,
        /** YCSB's {@code latest}: zipfian over recency, the newest record the most requested. */
        LATEST
    }

    private final double read;
    private final double update;
    private final double insert;
    private final double scan;
    private final double readModifyWrite;
    private final Distribution distribution;

    YcsbWorkload(double read, double update, double insert, double scan, double readModifyWrite,
                 Distribution distribution) {
        this.read = read;
        this.update = update;
        this.insert = insert;
        this.scan = scan;
        this.readModifyWrite = readModifyWrite;
        this.distribution = distribution;
    }

    /** The workload {@code ycsb-a} to {@code ycsb-f} names, in any case. */
    public static YcsbWorkload named(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (YcsbWorkload workload : values()) {
            if (workload.option().equals(lower)) {
                return workload;
            }
        }
        throw new IllegalArgumentException("expected ycsb-a, ycsb-b, ycsb-c, ycsb-d, ycsb-e or ycsb-f, got '" + name
                + "'");
    }

    /** How {@code --workload} names it, and results too. */
    @JsonValue
    public String option() {
        return "ycsb-" + name().toLowerCase(Locale.ROOT);
    }

    public double readProportion() {
        return read;
    }

    public double updateProportion() {
        return update;
    }

    public double insertProportion() {
        return insert;
    }

    public double scanProportion() {
        return scan;
    }

    public double readModifyWriteProportion() {
        return readModifyWrite;
    }

    public Distribution distribution() {
        return distribution;
    }

    /** The workload in YCSB's property names, to set beside a published YCSB result. */
    public String describe() {
        StringBuilder mix = new StringBuilder();
        proportion(mix, "readproportion", read);
        proportion(mix, "updateproportion", update);
        proportion(mix, "insertproportion", insert);
        proportion(mix, "scanproportion", scan);
        proportion(mix, "readmodifywriteproportion", readModifyWrite);
        return String.format(Locale.ROOT, "YCSB workload %s: %s; requestdistribution=%s%s; fieldcount=%d,"
                        + " fieldlength=%d, readallfields=true, writeallfields=false%s", name(), mix,
                distribution.name().toLowerCase(Locale.ROOT), distribution == Distribution.ZIPFIAN
                        ? " (" + ZIPFIAN_CONSTANT + ")" : "", FIELD_COUNT, FIELD_LENGTH,
                scan > 0 ? ", maxscanlength=" + MAX_SCAN_LENGTH + ", scanlengthdistribution=uniform" : "");
    }

    private static void proportion(StringBuilder mix, String name, double share) {
        if (share > 0) {
            mix.append(mix.isEmpty() ? "" : ", ").append(name).append('=').append(share);
        }
    }
}
