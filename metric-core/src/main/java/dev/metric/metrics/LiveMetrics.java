package dev.metric.metrics;

import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * A run's figures as Prometheus metrics, taken from what its modes log each second: every interval
 * an interval log gets (each second of a measured phase, and its end) is added to a histogram per
 * tag, and a scrape reads those. So every mode has live metrics without code of its own, with the
 * same kinds as its interval log's tags ({@code get-hit}, {@code setex}, {@code failed} for mode2,
 * {@code get} for mode1, {@code t1} for run's first template, {@code c1} for replay's first command):
 * <ul>
 *   <li>{@code metric_responses_total{kind}}: requests answered (or failed, kind {@code failed});</li>
 *   <li>{@code metric_errors_total}: requests that failed: mode2's {@code failed} kind, or the
 *       count of errors the other modes give, as they log a failed request under its own kind;</li>
 *   <li>{@code metric_cache_hits_total}, {@code metric_cache_misses_total}: mode2's GET hits and
 *       misses;</li>
 *   <li>{@code metric_verification_failures_total}: values read that were not the ones written
 *       (mode1, mode2, replay), and {@code metric_strict_findings_total} with mode2's --strict its
 *       reads that found a key lost, stale or expired: counts a phase gives by name
 *       ({@link IntervalLog#follow(Map, Map)}), read at each scrape;</li>
 *   <li>{@code metric_response_latency_seconds{kind}}: response time, a histogram of
 *       {@link #BUCKET_SECONDS}; {@code metric_service_latency_seconds{kind}} the service time
 *       where a rate sets them apart.</li>
 * </ul>
 * The figures are those of the measured phases, as the interval log's are, up to the last whole
 * second.
 */
public final class LiveMetrics implements IntervalLog, MultiCollector {

    /** The histograms' upper bounds, in seconds: 50 us to 10 s, about three to a decade. */
    static final double[] BUCKET_SECONDS = {0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
        0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, Double.POSITIVE_INFINITY};
    private static final String SERVICE = "-service";
    private static final String FAILED = "failed";
    private static final double NANOS_PER_SECOND = 1e9;

    /** Each tag's responses so far, in nanoseconds; guarded by this. */
    private final Map<String, Histogram> byTag = new LinkedHashMap<>();
    /** The counts of the phases that ended, by name; guarded by this. */
    private final Map<String, Long> endedCounts = new LinkedHashMap<>();
    /** The counts of the phase that runs, read at each scrape; guarded by this. */
    private Map<String, LongSupplier> runningCounts = Map.of();

    @Override
    public Following follow(Map<String, LatencyRecorder> recorders) {
        return follow(recorders, Map.of());
    }

    @Override
    public synchronized Following follow(Map<String, LatencyRecorder> recorders, Map<String, LongSupplier> counts) {
        Map<String, LatencyRecorder.IntervalReader> readers = new LinkedHashMap<>();
        recorders.forEach((tag, recorder) -> readers.put(tag, recorder.intervalReader()));
        runningCounts = Map.copyOf(counts);
        return new Following() {
            @Override
            public void writeInterval() {
                synchronized (LiveMetrics.this) {
                    readers.forEach((tag, reader) -> byTag.computeIfAbsent(tag, key -> new Histogram(3))
                            .add(reader.next()));
                }
            }

            @Override
            public void close() {
                synchronized (LiveMetrics.this) {
                    writeInterval();
                    counts.forEach((name, count) -> endedCounts.merge(name, count.getAsLong(), Long::sum));
                    if (runningCounts.equals(counts)) {
                        runningCounts = Map.of();
                    }
                }
            }
        };
    }

    @Override
    public synchronized MetricSnapshots collect() {
        CounterSnapshot.Builder responses = CounterSnapshot.builder().name("metric_responses")
                .help("Requests answered, or failed (kind failed), in the measured phases, by kind");
        HistogramSnapshot.Builder response = HistogramSnapshot.builder().name("metric_response_latency_seconds")
                .help("Response time: from when each request was due, or wanted to go, to its reply");
        HistogramSnapshot.Builder service = HistogramSnapshot.builder().name("metric_service_latency_seconds")
                .help("Service time: from when each request went on the wire to its reply (under a rate)");
        boolean anyService = false;
        for (Map.Entry<String, Histogram> entry : byTag.entrySet()) {
            String tag = entry.getKey();
            Histogram nanos = entry.getValue();
            boolean serviceTime = tag.endsWith(SERVICE);
            Labels kind = Labels.of("kind", serviceTime ? tag.substring(0, tag.length() - SERVICE.length()) : tag);
            HistogramSnapshot.HistogramDataPointSnapshot point = HistogramSnapshot.HistogramDataPointSnapshot.builder()
                    .labels(kind).classicHistogramBuckets(buckets(nanos))
                    .sum(nanos.getTotalCount() == 0 ? 0 : nanos.getMean() * nanos.getTotalCount() / NANOS_PER_SECOND)
                    .build();
            if (serviceTime) {
                service.dataPoint(point);
                anyService = true;
            } else {
                response.dataPoint(point);
                responses.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(kind)
                        .value(nanos.getTotalCount()).build());
            }
        }
        List<MetricSnapshot> snapshots = new ArrayList<>();
        snapshots.add(responses.build());
        if (byTag.containsKey(FAILED) || served(IntervalLog.ERRORS)) {
            snapshots.add(counter("metric_errors", "Requests that failed in the measured phases",
                    count(FAILED) + counted(IntervalLog.ERRORS)));
        }
        if (byTag.containsKey("get-hit")) {
            snapshots.add(counter("metric_cache_hits", "GETs that found their key", count("get-hit")));
            snapshots.add(counter("metric_cache_misses", "GETs that did not", count("get-miss")));
        }
        if (served(IntervalLog.VERIFICATION_FAILURES)) {
            snapshots.add(counter("metric_verification_failures", "Values read that were not the ones written",
                    counted(IntervalLog.VERIFICATION_FAILURES)));
        }
        if (served(IntervalLog.STRICT_FINDINGS)) {
            snapshots.add(counter("metric_strict_findings", "With --strict, reads that found a key lost, read stale"
                    + " or returned after its TTL", counted(IntervalLog.STRICT_FINDINGS)));
        }
        snapshots.add(response.build());
        if (anyService) {
            snapshots.add(service.build());
        }
        return new MetricSnapshots(snapshots);
    }

    private boolean served(String count) {
        return endedCounts.containsKey(count) || runningCounts.containsKey(count);
    }

    /** {@code count} over the phases that ended and the one that runs. */
    private long counted(String count) {
        LongSupplier running = runningCounts.get(count);
        return endedCounts.getOrDefault(count, 0L) + (running == null ? 0 : running.getAsLong());
    }

    private long count(String tag) {
        Histogram nanos = byTag.get(tag);
        return nanos == null ? 0 : nanos.getTotalCount();
    }

    private static CounterSnapshot counter(String name, String help, long value) {
        return CounterSnapshot.builder().name(name).help(help)
                .dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().value(value).build()).build();
    }

    /** {@code nanos} in {@link #BUCKET_SECONDS}: the count of each bucket alone, not cumulated. */
    static ClassicHistogramBuckets buckets(Histogram nanos) {
        long[] counts = new long[BUCKET_SECONDS.length];
        long below = 0;
        for (int i = 0; i < BUCKET_SECONDS.length; i++) {
            long upTo = Double.isInfinite(BUCKET_SECONDS[i]) ? nanos.getTotalCount()
                    : nanos.getCountBetweenValues(0, (long) (BUCKET_SECONDS[i] * NANOS_PER_SECOND));
            counts[i] = upTo - below;
            below = upTo;
        }
        return ClassicHistogramBuckets.of(BUCKET_SECONDS, counts);
    }
}
