package dev.metric.ycsb;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.metric.workload.KeyChooser;
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

    /** YCSB's operations, in the order CoreWorkload lays their proportions end to end. */
    public enum Operation {
        READ, UPDATE, INSERT, SCAN, READ_MODIFY_WRITE
    }

    /** How records are chosen for reads, updates and scans. */
    public enum Distribution {
        /** YCSB's {@code zipfian}: a few records take most of the requests. */
        ZIPFIAN,
        /** YCSB's {@code latest}: zipfian over recency, the newest record the most requested. */
        LATEST
    }

    /** Each {@link Operation}'s proportion, by its ordinal. */
    private final double[] proportions;
    private final Distribution distribution;

    YcsbWorkload(double read, double update, double insert, double scan, double readModifyWrite,
                 Distribution distribution) {
        this.proportions = new double[] {read, update, insert, scan, readModifyWrite};
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

    /** The share of the workload's operations that are {@code operation}. */
    public double proportion(Operation operation) {
        return proportions[operation.ordinal()];
    }

    /**
     * The operation a uniform draw in [0, 1) falls on, the proportions laid end to end in
     * {@link Operation}'s order, as CoreWorkload's chooser lays them: the same draw, the same
     * operation, for a trace written and for traffic sent.
     */
    public Operation operation(double draw) {
        double left = draw;
        for (Operation operation : Operation.values()) {
            left -= proportions[operation.ordinal()];
            if (left < 0) {
                return operation;
            }
        }
        return Operation.READ_MODIFY_WRITE;
    }

    /**
     * A record drawn by the request distribution among the {@code existing} ones, numbered from 0
     * in insert order: {@code ranks} draws ranks, those past the records that exist are drawn again,
     * as YCSB's are; zipfian takes the rank as the record, latest counts it back from the newest.
     */
    public long chooseRecord(KeyChooser ranks, long existing) {
        while (true) {
            long rank = ranks.next();
            if (rank < existing) {
                return distribution == Distribution.LATEST ? existing - 1 - rank : rank;
            }
        }
    }

    public Distribution distribution() {
        return distribution;
    }

    /** The workload in YCSB's property names, to set beside a published YCSB result. */
    public String describe() {
        StringBuilder mix = new StringBuilder();
        for (Operation operation : Operation.values()) {
            if (proportion(operation) > 0) {
                mix.append(mix.isEmpty() ? "" : ", ").append(operation.name().replace("_", "")
                        .toLowerCase(Locale.ROOT)).append("proportion=").append(proportion(operation));
            }
        }
        return String.format(Locale.ROOT, "YCSB workload %s: %s; requestdistribution=%s%s; fieldcount=%d,"
                        + " fieldlength=%d, readallfields=true, writeallfields=false%s", name(), mix,
                distribution.name().toLowerCase(Locale.ROOT), distribution == Distribution.ZIPFIAN
                        ? " (" + ZIPFIAN_CONSTANT + ")" : "", FIELD_COUNT, FIELD_LENGTH,
                proportion(Operation.SCAN) > 0 ? ", maxscanlength=" + MAX_SCAN_LENGTH
                        + ", scanlengthdistribution=uniform" : "");
    }
}
