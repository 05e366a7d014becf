package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_36_2.Metrics;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code --metrics-port} during a real mode2 run: scraped while the traffic runs, the answer parses
 * with the Prometheus client's own protobuf classes, and its counts grow and agree with each other;
 * the text format is served too. After the run the port is closed.
 */
@ExtendWith(LocalRedisExtension.class)
class MetricsPortIT {

    private static final String PROTOBUF = "application/vnd.google.protobuf; proto=io.prometheus.client.MetricFamily;"
            + " encoding=delimited";
    private static String port;

    @BeforeAll
    static void useServer(LocalRedisServer local) {
        port = Integer.toString(local.address().port());
    }

    @Test
    void aRunServesItsMetricsWhileItRunsAndStopsAfter() throws Exception {
        int metricsPort = freePort();
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.of("mode2", "2", "1", port,
                "--db", "4", "--flush", "--duration", "4", "--warmup-time", "0", "-q", "--metrics-port",
                Integer.toString(metricsPort)));
        HttpClient http = HttpClient.newHttpClient();
        URI metrics = URI.create("http://127.0.0.1:" + metricsPort + "/metrics");

        Map<String, Metrics.MetricFamily> first = scrapeOnceCounted(http, metrics, run);
        Map<String, Metrics.MetricFamily> later = scrapeUntilMoreThan(http, metrics, run,
                total(first.get("metric_responses_total")));
        String text = http.send(HttpRequest.newBuilder(metrics).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        CliRun finished = run.get(60, TimeUnit.SECONDS);

        assertEquals(0, finished.exitCode(), finished.err());
        long hits = kind(later.get("metric_responses_total"), "get-hit");
        assertTrue(hits > 0, "hits counted");
        assertEquals(hits, (long) later.get("metric_cache_hits_total").getMetric(0).getCounter().getValue());
        assertEquals(0, (long) later.get("metric_errors_total").getMetric(0).getCounter().getValue());
        assertEquals(0, (long) later.get("metric_verification_failures_total").getMetric(0).getCounter().getValue(),
                "every hit intact, and served as such");
        Metrics.Histogram latency = histogramOf(later.get("metric_response_latency_seconds"), "get-hit");
        assertEquals(hits, latency.getSampleCount(), "a latency for every hit");
        long previous = 0;
        for (Metrics.Bucket bucket : latency.getBucketList()) {
            assertTrue(bucket.getCumulativeCount() >= previous, "buckets cumulate: " + latency);
            previous = bucket.getCumulativeCount();
        }
        assertEquals(hits, previous, "the last bucket (+Inf) holds them all");
        assertTrue(text.contains("# TYPE metric_responses_total counter")
                && text.contains("metric_response_latency_seconds_bucket{kind=\"get-hit\",le=\"0.001\"}"), text);
        assertTrue(refused(http, metrics), "the port closes with the run");
    }

    /**
     * The endpoint has no authentication: it listens on 127.0.0.1 alone unless told another address.
     * 127.0.0.2 is this machine's loopback too, so a server on every interface would answer there.
     */
    @Test
    void theEndpointListensOnTheLoopbackAddressAloneUnlessToldAnother() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (String host : new String[] {null, "127.0.0.2"}) {
            int metricsPort = freePort();
            List<String> args = new ArrayList<>(List.of("mode2", "1", "1", port, "--db", "5", "--duration", "6",
                    "--warmup-time", "0", "-q", "--no-breakdown", "--metrics-port", Integer.toString(metricsPort)));
            if (host != null) {
                args.addAll(List.of("--metrics-host", host));
            }
            CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.of(args.toArray(new String[0])));
            String serving = host == null ? "127.0.0.1" : host;
            String other = host == null ? "127.0.0.2" : "127.0.0.1";

            URI served = URI.create("http://" + serving + ":" + metricsPort + "/metrics");
            long counted = total(scrapeOnceCounted(http, served, run).get("metric_responses_total"));
            boolean otherRefused = refused(http, URI.create("http://" + other + ":" + metricsPort + "/metrics"));
            scrapeUntilMoreThan(http, served, run, counted); // still serving after the refusal: it was not the end
            CliRun finished = run.get(60, TimeUnit.SECONDS);

            assertEquals(0, finished.exitCode(), finished.err());
            assertTrue(otherRefused, "served on " + serving + ", so nothing answers on " + other);
        }
    }

    @Test
    void anAddressNotOfThisMachineIsRefusedInOneLine() {
        CliRun run = CliRun.of("mode2", "1", "1", port, "--db", "5", "--duration", "1", "--metrics-port", "0",
                "--metrics-host", "192.0.2.1");

        assertEquals(2, run.exitCode(), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("--metrics-port 0 on 192.0.2.1: cannot serve metrics there"), run.err());
    }

    /** Scrapes until the run has counted a response, or fails if the run ends first. */
    private static Map<String, Metrics.MetricFamily> scrapeOnceCounted(HttpClient http, URI metrics,
                                                                       CompletableFuture<CliRun> run)
            throws Exception {
        return scrapeUntilMoreThan(http, metrics, run, 0);
    }

    /**
     * Scrapes until the run has counted more than {@code responses} responses, its counts having grown
     * while it runs, or fails if the run ends first.
     */
    private static Map<String, Metrics.MetricFamily> scrapeUntilMoreThan(HttpClient http, URI metrics,
                                                                         CompletableFuture<CliRun> run,
                                                                         long responses) throws Exception {
        Object last = "nothing scraped";
        while (!run.isDone()) {
            try {
                Map<String, Metrics.MetricFamily> families = scrape(http, metrics);
                Metrics.MetricFamily counted = families.get("metric_responses_total");
                if (counted != null && total(counted) > responses) {
                    return families;
                }
                last = families.keySet();
            } catch (IOException notYet) {
                last = notYet; // the endpoint starts with the run
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no more than " + responses + " responses counted while the run ran; last"
                + " scrape: " + last + "; the run: " + run.get().err());
    }

    private static Map<String, Metrics.MetricFamily> scrape(HttpClient http, URI metrics) throws Exception {
        HttpResponse<InputStream> response = http.send(HttpRequest.newBuilder(metrics).header("Accept", PROTOBUF)
                .build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, response.statusCode());
        Map<String, Metrics.MetricFamily> families = new HashMap<>();
        try (InputStream body = response.body()) {
            Metrics.MetricFamily family;
            while ((family = Metrics.MetricFamily.parseDelimitedFrom(body)) != null) {
                families.put(family.getName(), family);
            }
        }
        return families;
    }

    private static long total(Metrics.MetricFamily counter) {
        return (long) counter.getMetricList().stream().mapToDouble(metric -> metric.getCounter().getValue()).sum();
    }

    private static long kind(Metrics.MetricFamily counter, String kind) {
        return (long) counter.getMetricList().stream()
                .filter(metric -> metric.getLabelList().stream().anyMatch(label -> label.getValue().equals(kind)))
                .mapToDouble(metric -> metric.getCounter().getValue()).sum();
    }

    private static Metrics.Histogram histogramOf(Metrics.MetricFamily family, String kind) {
        return family.getMetricList().stream()
                .filter(metric -> metric.getLabelList().stream().anyMatch(label -> label.getValue().equals(kind)))
                .findFirst().orElseThrow().getHistogram();
    }

    private static boolean refused(HttpClient http, URI metrics) throws InterruptedException {
        try {
            http.send(HttpRequest.newBuilder(metrics).build(), HttpResponse.BodyHandlers.discarding());
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
