package dev.metric.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBucket;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LiveMetricsTest {

    @Test
    void eachLoggedIntervalAddsToTheCountsAndTheBucketsOfItsKind() {
        Map<String, LatencyRecorder> recorders = new LinkedHashMap<>();
        for (String tag : List.of("get-hit", "get-miss", "setex", "failed", "get-hit-service")) {
            recorders.put(tag, new LatencyRecorder());
        }
        LiveMetrics metrics = new LiveMetrics();
        IntervalLog.Following following = metrics.follow(recorders);
        recorders.get("get-hit").record(40_000); // 40 us
        recorders.get("get-hit").record(200_000); // 200 us
        recorders.get("get-miss").record(3_000_000); // 3 ms
        following.writeInterval();
        recorders.get("get-hit").record(700_000_000); // 0.7 s, a second interval
        recorders.get("failed").record(2_000_000_000L);
        recorders.get("get-hit-service").record(30_000);
        following.close();

        Map<String, MetricSnapshot> byName = byName(metrics.collect());

        assertEquals(3, counter(byName, "metric_responses", "get-hit"));
        assertEquals(1, counter(byName, "metric_responses", "get-miss"));
        assertEquals(0, counter(byName, "metric_responses", "setex"));
        assertEquals(1, counter(byName, "metric_errors", null));
        assertEquals(3, counter(byName, "metric_cache_hits", null));
        assertEquals(1, counter(byName, "metric_cache_misses", null));
        HistogramSnapshot.HistogramDataPointSnapshot hits = histogram(byName, "metric_response_latency_seconds",
                "get-hit");
        Map<Double, Long> buckets = new LinkedHashMap<>();
        for (ClassicHistogramBucket bucket : hits.getClassicBuckets()) {
            if (bucket.getCount() > 0) {
                buckets.put(bucket.getUpperBound(), bucket.getCount());
            }
        }
        assertEquals(Map.of(0.00005, 1L, 0.00025, 1L, 1.0, 1L), buckets, "40 us, 200 us and 0.7 s");
        assertEquals(0.70024, hits.getSum(), 0.001, "in seconds");
        assertEquals(1, histogram(byName, "metric_service_latency_seconds", "get-hit").getCount(),
                "a service time is its kind's, apart from its response time");
    }

    @Test
    void aPhasesCountsAreReadAtEachScrapeAndAddUpOverPhases() {
        LiveMetrics metrics = new LiveMetrics();
        AtomicLong failures = new AtomicLong();
        IntervalLog.Following warmup = metrics.follow(Map.of(), Map.of(IntervalLog.VERIFICATION_FAILURES,
                failures::get));
        failures.set(2);
        assertEquals(2, counter(byName(metrics.collect()), "metric_verification_failures", null), "while it runs");
        warmup.close();
        AtomicLong measuredFailures = new AtomicLong(5);
        IntervalLog.Following measured = metrics.follow(Map.of(), Map.of(IntervalLog.VERIFICATION_FAILURES,
                measuredFailures::get));

        assertEquals(7, counter(byName(metrics.collect()), "metric_verification_failures", null),
                "the ended phase's and the running one's");
        measured.close();
        measuredFailures.set(100);
        assertEquals(7, counter(byName(metrics.collect()), "metric_verification_failures", null),
                "an ended phase's count is kept as it was when it ended");
        assertTrue(!byName(metrics.collect()).containsKey("metric_strict_findings"), "no --strict, no such count");
    }

    @Test
    void aModeThatLogsNoFailuresApartServesNoErrorCountAndNoCacheCounts() {
        LiveMetrics metrics = new LiveMetrics();
        LatencyRecorder reads = new LatencyRecorder();
        IntervalLog.Following following = metrics.follow(Map.of("get", reads));
        reads.record(50_000);
        following.close();

        Map<String, MetricSnapshot> byName = byName(metrics.collect());

        assertEquals(Set.of("metric_responses", "metric_response_latency_seconds"), byName.keySet(),
                "no counts given: no 0 errors claimed, no hits or misses");
        assertEquals(1, counter(byName, "metric_responses", "get"));
    }

    @Test
    void errorsAModeCountsBesideItsKindsAreServedAsErrors() {
        LiveMetrics metrics = new LiveMetrics();
        IntervalLog.Following following = metrics.follow(Map.of("get", new LatencyRecorder()),
                Map.of(IntervalLog.ERRORS, () -> 3, IntervalLog.VERIFICATION_FAILURES, () -> 1));

        Map<String, MetricSnapshot> byName = byName(metrics.collect());
        following.close();

        assertEquals(3, counter(byName, "metric_errors", null), "mode1's failed reads, say");
        assertEquals(1, counter(byName, "metric_verification_failures", null));
        assertTrue(!byName.containsKey("metric_cache_hits"), "not a cache workload");
    }

    @Test
    void theGrafanaDashboardAsksOnlyForMetricsThatAreServed() throws Exception {
        LiveMetrics metrics = new LiveMetrics();
        Map<String, LatencyRecorder> recorders = new LinkedHashMap<>();
        for (String tag : List.of("get-hit", "get-miss", "failed", "get-hit-service")) {
            recorders.put(tag, new LatencyRecorder());
        }
        metrics.follow(recorders, Map.of(IntervalLog.VERIFICATION_FAILURES, () -> 0,
                IntervalLog.STRICT_FINDINGS, () -> 0)).close();
        Set<String> served = new TreeSet<>();
        for (MetricSnapshot snapshot : metrics.collect()) {
            String name = snapshot.getMetadata().getName();
            served.add(snapshot instanceof CounterSnapshot ? name + "_total" : name + "_bucket");
        }
        String dashboard = new ObjectMapper().readTree(Path.of("../docs/grafana/metric-dashboard.json").toFile())
                .toString();

        Matcher names = Pattern.compile("metric_[a-z_]+").matcher(dashboard);
        List<String> asked = new ArrayList<>();
        while (names.find()) {
            asked.add(names.group());
        }
        assertTrue(asked.size() >= 5, asked.toString());
        assertTrue(served.containsAll(asked), "asked " + asked + ", served " + served);
    }

    private static Map<String, MetricSnapshot> byName(MetricSnapshots snapshots) {
        Map<String, MetricSnapshot> byName = new LinkedHashMap<>();
        snapshots.forEach(snapshot -> byName.put(snapshot.getMetadata().getName(), snapshot));
        return byName;
    }

    private static long counter(Map<String, MetricSnapshot> byName, String name, String kind) {
        return (long) ((CounterSnapshot) byName.get(name)).getDataPoints().stream()
                .filter(point -> kind == null || kind.equals(point.getLabels().get("kind")))
                .mapToDouble(CounterSnapshot.CounterDataPointSnapshot::getValue).sum();
    }

    private static HistogramSnapshot.HistogramDataPointSnapshot histogram(Map<String, MetricSnapshot> byName,
                                                                         String name, String kind) {
        return ((HistogramSnapshot) byName.get(name)).getDataPoints().stream()
                .filter(point -> kind.equals(point.getLabels().get("kind"))).findFirst().orElseThrow();
    }
}
