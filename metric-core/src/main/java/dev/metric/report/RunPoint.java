package dev.metric.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a comparison needs of one saved run, read from its JSON: which server, client and pool,
 * how many threads, the throughput and the latency percentiles. Read from the file rather than
 * from the result record, so that runs saved by other versions, on other days, against other
 * servers compare alike.
 *
 * @param source          the JSON file
 * @param mode            mode1, mode2, run or replay
 * @param server          server name and version
 * @param series          client library and pooling: {@code jedis, pool 8}, {@code lettuce, shared},
 *                        {@code jedis, a connection per thread}
 * @param threads         client threads
 * @param opsPerSec       mode1: verified reads per second; mode2: operations per second achieved;
 *                        run: requests per second achieved (a search: its highest passing rate);
 *                        replay: the trace's measured commands per second (a search: its highest passing
 *                        rate)
 * @param latency         its percentiles (mode2: response time of all operations; run and replay: of all
 *                        requests)
 * @param passed          whether the run verified everything without errors
 * @param provenance      the client's version, the machine and the day, for the charts' titles
 * @param workload        what defines its workload ({@link WorkloadIdentity}), each value as JSON
 */
public record RunPoint(Path source, String mode, String server, String series, int threads, double opsPerSec,
                       Latency latency, boolean passed, Provenance provenance, Map<String, String> workload) {

    public RunPoint {
        workload = Collections.unmodifiableMap(new LinkedHashMap<>(workload));
    }

    /**
     * A run's latency percentiles, in milliseconds; NaN where the file has none.
     *
     * @param p50Ms median
     * @param p95Ms 95th percentile
     * @param p99Ms 99th percentile
     */
    public record Latency(double p50Ms, double p95Ms, double p99Ms) {

        static final Latency NONE = new Latency(Double.NaN, Double.NaN, Double.NaN);

        /** The percentiles of a latency summary as a result file writes it. */
        static Latency of(JsonNode summary) {
            return new Latency(ms(summary, "p50Micros"), ms(summary, "p95Micros"), ms(summary, "p99Micros"));
        }
    }

    /**
     * Where and when a run was measured: what a chart's title must say for two teams to compare it.
     *
     * @param client library and version, e.g. {@code jedis 8.0.2}
     * @param cores  the client machine's cores; 0 when the file does not say
     * @param date   the day the run started, {@code 2026-11-24}; empty when the file does not say
     */
    public record Provenance(String client, int cores, String date) {

        static Provenance of(JsonNode root) {
            String startedAt = root.path("startedAt").asText("");
            return new Provenance((root.at("/client/library").asText() + " " + root.at("/client/version").asText())
                    .strip(), root.at("/environment/cores").asInt(0),
                    startedAt.length() >= 10 ? startedAt.substring(0, 10) : "");
        }
    }

    /**
     * Reads a metric result.
     *
     * @throws IllegalArgumentException when the file is missing, not JSON, too new
     *                                  ({@link JsonResults#readResult}) or not a mode1, mode2, run or
     *                                  replay result
     */
    public static RunPoint read(Path json) throws IOException {
        JsonNode root = JsonResults.readResult(json);
        JsonNode config = root.path("config");
        boolean replay = "replay".equals(root.path("mode").asText());
        if (root.path("server").isMissingNode() || config.path("threads").isMissingNode()
                || !root.has("verify") && !root.has("measured") && !root.has("steps") && !replay) {
            throw new IllegalArgumentException(json + " is not a metric mode1, mode2, run or replay result");
        }
        String server = root.at("/server/name").asText() + " " + root.at("/server/version").asText();
        String series = series(root);
        int threads = config.path("threads").asInt();
        boolean passed = passed(root);
        Provenance provenance = Provenance.of(root);
        if (replay || isRun(root)) {
            // A search's top-level figures are its highest passing step's; none passed: there are none.
            String mode = replay ? "replay" : "run";
            double highest = root.path("highestPassingOpsPerSec").asDouble();
            boolean searched = !root.path("steps").isEmpty();
            return new RunPoint(json, mode, server, series, threads, searched ? highest
                    : root.path(replay ? "opsPerSec" : "achievedOpsPerSec").asDouble(),
                    searched && highest == 0 ? Latency.NONE : Latency.of(root.path("all")), passed, provenance,
                    workload(mode, root));
        }
        if (root.has("verify")) {
            return new RunPoint(json, "mode1", server, series, threads, root.at("/verify/readsPerSec").asDouble(),
                    Latency.of(root.at("/verify/latency")), passed, provenance, workload("mode1", root));
        }
        JsonNode traffic = root.path("measured");
        double opsPerSec;
        if (traffic.isObject()) {
            opsPerSec = traffic.path("achievedOpsPerSec").asDouble();
        } else {
            double highest = root.path("highestPassingOpsPerSec").asDouble();
            traffic = highestPassingStep(root, highest);
            opsPerSec = highest;
        }
        if (traffic == null) {
            return new RunPoint(json, "mode2", server, series, threads, 0, Latency.NONE, passed, provenance,
                    workload("mode2", root));
        }
        return new RunPoint(json, "mode2", server, series, threads, opsPerSec, Latency.of(traffic.at("/all/response")),
                passed, provenance, workload("mode2", root));
    }

    /** Whether {@code root} is a result of {@code metric run}. */
    static boolean isRun(JsonNode root) {
        return "run".equals(root.path("mode").asText());
    }

    /**
     * The verdict of the result {@code root}: every result carries it in its summary, and at the top
     * (results of run, replay and bench written before the top-level field was theirs too do not).
     */
    static boolean passed(JsonNode root) {
        return root.has("passed") ? root.path("passed").asBoolean() : root.at("/summary/passed").asBoolean();
    }

    private static Map<String, String> workload(String mode, JsonNode root) {
        Map<String, String> workload = new LinkedHashMap<>();
        WorkloadIdentity.of(mode, root).forEach((pointer, value) -> workload.put(pointer, value.toString()));
        return workload;
    }

    /**
     * The client library and its pooling of the result {@code root}: {@code jedis, pool 8},
     * {@code lettuce, shared}; then {@code , RESP3} when it spoke RESP3, {@code , hash of 10} when
     * its keys held structures and {@code , MGET of 8} when its reads were MGETs, so that runs of
     * different protocols, types and reads are drawn apart.
     */
    static String series(JsonNode root) {
        JsonNode config = root.path("config");
        int poolSize = config.at("/client/poolSize").asInt();
        String pooling = config.at("/client/poolPerThread").asBoolean() ? ", a connection per thread"
                : poolSize == 0 ? ", shared" : ", pool " + poolSize;
        String protocol = root.at("/client/protocol").asText();
        String type = config.at("/data/type").asText("string");
        String structure = type.isEmpty() || type.equalsIgnoreCase("string") ? ""
                : ", " + type.toLowerCase(Locale.ROOT) + " of " + config.at("/data/elements").asInt();
        int keysPerRead = config.path("keysPerRead").asInt(1);
        return root.at("/client/library").asText() + pooling + ("RESP3".equals(protocol) ? ", RESP3" : "")
                + structure + (keysPerRead > 1 ? ", MGET of " + keysPerRead : "");
    }

    private static JsonNode highestPassingStep(JsonNode root, double highest) {
        JsonNode best = null;
        for (JsonNode step : root.path("steps")) {
            if (step.path("passed").asBoolean() && step.path("targetOpsPerSec").asDouble() == highest) {
                best = step.path("traffic");
            }
        }
        return best;
    }

    private static double ms(JsonNode latency, String field) {
        JsonNode value = latency.path(field);
        return value.isNumber() ? value.asDouble() / 1000 : Double.NaN;
    }
}
