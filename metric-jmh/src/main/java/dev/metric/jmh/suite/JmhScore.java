package dev.metric.jmh.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One result from JMH's JSON output, reduced to what the summary compares.
 *
 * @param benchmark   {@code SimpleClassName.method}
 * @param threads     threads the benchmark ran on
 * @param params      its {@code @Param} values, by name
 * @param score       the mean, in {@code unit}
 * @param p50         the median, in {@code unit}, for benchmarks that time every call (SampleTime); else NaN
 * @param error       JMH's 99.9% confidence half-width, NaN when too few iterations ran
 * @param iterationMedians the median of each measured iteration of each fork, for sampled benchmarks;
 *                    their spread is the noise of {@code p50}
 * @param unit        e.g. {@code ns/op}
 * @param run         how JMH ran it
 */
public record JmhScore(String benchmark, int threads, Map<String, String> params, double score, double p50,
                       double error, List<Double> iterationMedians, String unit, Run run) {

    /**
     * @param forks         forks, each a fresh JVM
     * @param iterations    measurement iterations per fork
     * @param iterationTime how long each lasted, as JMH prints it
     * @param jdkVersion    the JDK that ran it
     * @param jmhVersion    the JMH that ran it
     */
    public record Run(int forks, int iterations, String iterationTime, String jdkVersion, String jmhVersion) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Every result in one JMH JSON file. */
    public static List<JmhScore> read(Path file) throws IOException {
        List<JmhScore> scores = new ArrayList<>();
        for (JsonNode result : JSON.readTree(file.toFile())) {
            String[] name = result.path("benchmark").asText().split("\\.");
            Map<String, String> params = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> fields = result.path("params").fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> param = fields.next();
                params.put(param.getKey(), param.getValue().asText());
            }
            JsonNode primary = result.path("primaryMetric");
            scores.add(new JmhScore(name[name.length - 2] + "." + name[name.length - 1],
                    result.path("threads").asInt(), params, primary.path("score").asDouble(),
                    number(primary.path("scorePercentiles").path("50.0")), number(primary.path("scoreError")),
                    IterationMedians.read(primary), primary.path("scoreUnit").asText(), new Run(result.path("forks")
                    .asInt(), result.path("measurementIterations").asInt(), result.path("measurementTime").asText(),
                    result.path("jdkVersion").asText(), result.path("jmhVersion").asText())));
        }
        return scores;
    }

    private static double number(JsonNode node) {
        return node.isNumber() ? node.asDouble() : Double.NaN;
    }

    /** Whether this is {@code benchmark} at {@code threads} with every one of {@code wanted} params. */
    boolean matches(String benchmark, int threads, Map<String, String> wanted) {
        if (!this.benchmark.equals(benchmark) || this.threads != threads) {
            return false;
        }
        for (Map.Entry<String, String> param : wanted.entrySet()) {
            if (!param.getValue().equals(params.get(param.getKey()))) {
                return false;
            }
        }
        return true;
    }
}
