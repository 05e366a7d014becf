package dev.metric.jmh.support;

import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.SizeDistribution;

/** Keys and values of exact sizes, made by the same generator as a run's data set. */
public final class Payloads {

    private static final long SEED = 1;
    private static final int INDEX = 42;

    private Payloads() {
    }

    /** A key of exactly {@code keyBytes} bytes. */
    public static byte[] key(int keyBytes) {
        return dataSet(keyBytes, 200).key(INDEX);
    }

    /** A value of exactly {@code valueBytes} bytes. */
    public static byte[] value(int valueBytes) {
        return dataSet(20, valueBytes).value(INDEX);
    }

    private static DataSet dataSet(int keyBytes, int valueBytes) {
        return new DataSet(DataSpec.standard(INDEX + 1, SEED).withSizes(SizeDistribution.range(keyBytes, keyBytes),
                SizeDistribution.range(valueBytes, valueBytes)));
    }
}
