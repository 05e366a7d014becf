package dev.metric.jmh.suite;

import dev.metric.jmh.memcached.MemcachedClientBenchmark;
import dev.metric.jmh.pool.PoolBenchmark;
import dev.metric.jmh.roundtrip.RoundTripBenchmark;
import dev.metric.jmh.support.CodecState;
import dev.metric.jmh.support.KeyState;
import dev.metric.jmh.support.ValueState;
import java.util.List;
import org.openjdk.jmh.annotations.Param;

/**
 * What the suite runs each benchmark with, in one place: the {@code @Param} values are read from
 * the benchmarks' own annotations, and the thread counts, which JMH takes as a run option rather
 * than a parameter, are kept here for both the runner and the summary. The summary's rows and
 * columns therefore cannot drift from what was measured.
 */
final class SuiteParameters {

    static final List<String> LIBRARIES = of(CodecState.class, "client");
    static final List<String> KEY_SIZES = of(KeyState.class, "keyBytes");
    static final List<String> VALUE_SIZES = of(ValueState.class, "valueBytes");
    static final List<String> POOL_SIZES = of(PoolBenchmark.Pooled.class, "poolSize");
    static final List<String> ROUND_TRIP_CLIENTS = of(RoundTripBenchmark.class, "client");
    static final List<String> MEMCACHED_LIBRARIES = of(MemcachedClientBenchmark.class, "library");
    /** The key and value sizes of a round trip, the middle of metric's ranges. */
    static final String KEY = Integer.toString(RoundTripBenchmark.KEY_BYTES);
    static final String VALUE = Integer.toString(RoundTripBenchmark.VALUE_BYTES);

    static final List<Integer> POOL_THREADS = List.of(1, 4, 16, 64);
    static final List<Integer> ROUND_TRIP_THREADS = List.of(1, 4);

    private SuiteParameters() {
    }

    /** The {@code @Param} values of {@code field} in {@code state}, in the order JMH runs them. */
    static List<String> of(Class<?> state, String field) {
        Param param;
        try {
            param = state.getField(field).getAnnotation(Param.class);
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException(state.getSimpleName() + " has no public field " + field, e);
        }
        if (param == null) {
            throw new IllegalArgumentException(state.getSimpleName() + "." + field + " is not a @Param");
        }
        return List.of(param.value());
    }
}
