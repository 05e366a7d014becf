package dev.metric.mode.cache;

import dev.metric.workload.KeyDistribution;
import dev.metric.workload.TraceValues;
import dev.metric.ycsb.InsertedRecords;
import dev.metric.ycsb.YcsbRecords;
import dev.metric.ycsb.YcsbWorkload;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the lanes of a mode2 YCSB run share from the load to the end: the workload, the names of its
 * records and index (after the run's key prefix), the records that may be read (the loaded ones and
 * those inserted since), the draws of records over a fixed space as YCSB's zipfian generator has,
 * and the records a failed write left in doubt.
 *
 * <p>The space is the loaded records, twice them when the workload inserts: YCSB sizes its zipfian
 * draws for the records and the inserts it expects, and draws again past the records that exist,
 * as this does. A run of a duration has no count of operations to expect inserts from, so
 * records inserted past twice the loaded ones are not drawn by zipfian requests (workload E's
 * scans still list them); {@code latest} (D) ranks back from the newest, so it draws them.
 */
final class YcsbRun {

    private final YcsbWorkload workload;
    private final InsertedRecords inserted;
    private final KeyDistribution.Choosers ranks;
    private final Set<Long> inDoubt = ConcurrentHashMap.newKeySet();
    private final String keyPrefix;
    private final byte[] indexKey;

    /** @param keyPrefix what the records' keys and the index's start with, as every key of a run of metric's */
    YcsbRun(YcsbWorkload workload, int records, String keyPrefix) {
        this.workload = workload;
        this.keyPrefix = keyPrefix;
        this.indexKey = YcsbRecords.indexKey(keyPrefix);
        this.inserted = new InsertedRecords(records);
        int space = workload.proportion(YcsbWorkload.Operation.INSERT) > 0
                ? (int) Math.min(Integer.MAX_VALUE, 2L * records) : records;
        this.ranks = new KeyDistribution.Zipfian(YcsbWorkload.ZIPFIAN_CONSTANT).over(space);
    }

    YcsbWorkload workload() {
        return workload;
    }

    InsertedRecords inserted() {
        return inserted;
    }

    KeyDistribution.Choosers ranks() {
        return ranks;
    }

    /** The key of record {@code record}. */
    byte[] key(long record) {
        return YcsbRecords.key(keyPrefix, record);
    }

    /** The key of the index of records. */
    byte[] indexKey() {
        return indexKey;
    }

    /** A write of the record named {@code key} failed: the server may hold it or not, so it is judged no more. */
    void doubt(byte[] key) {
        inDoubt.add(TraceValues.keyId(key));
    }

    boolean inDoubt(byte[] key) {
        return !inDoubt.isEmpty() && inDoubt.contains(TraceValues.keyId(key));
    }
}
