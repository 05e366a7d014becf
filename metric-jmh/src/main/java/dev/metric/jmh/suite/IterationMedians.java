package dev.metric.jmh.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The median of each measured iteration of a sampled benchmark: how far the medians move from one
 * iteration and fork to the next is the noise a difference of two medians must exceed to mean
 * anything. JMH gives a confidence interval for the mean only, and keeps the samples themselves
 * in {@code rawDataHistogram}, megabytes that are not published; so the suite adds the medians to
 * each result as {@code primaryMetric.iterationMedians}, which survive the trimming.
 */
final class IterationMedians {

    static final String FIELD = "iterationMedians";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private IterationMedians() {
    }

    /** Adds {@value #FIELD} to every sampled result in the JMH JSON {@code file}. */
    static void annotate(Path file) throws IOException {
        JsonNode results = JSON.readTree(file.toFile());
        for (JsonNode result : results) {
            JsonNode primary = result.path("primaryMetric");
            JsonNode histograms = primary.path("rawDataHistogram");
            if (histograms.isArray() && primary instanceof ObjectNode metric) {
                ArrayNode medians = metric.putArray(FIELD);
                of(histograms).forEach(medians::add);
            }
        }
        JSON.writeValue(file.toFile(), results);
    }

    /**
     * The median of each iteration of each fork, in order.
     *
     * @param histograms JMH's {@code rawDataHistogram}: per fork, per iteration, {@code [value, count]} pairs
     */
    static List<Double> of(JsonNode histograms) {
        List<Double> medians = new ArrayList<>();
        for (JsonNode fork : histograms) {
            for (JsonNode iteration : fork) {
                medians.add(median(iteration));
            }
        }
        return medians;
    }

    /** The lower median of one iteration's {@code [value, count]} pairs. */
    private static double median(JsonNode pairs) {
        List<double[]> sorted = new ArrayList<>();
        long total = 0;
        for (JsonNode pair : pairs) {
            sorted.add(new double[] {pair.get(0).asDouble(), pair.get(1).asLong()});
            total += pair.get(1).asLong();
        }
        sorted.sort(Comparator.comparingDouble(pair -> pair[0]));
        long seen = 0;
        for (double[] pair : sorted) {
            seen += (long) pair[1];
            if (2 * seen >= total) {
                return pair[0];
            }
        }
        return Double.NaN;
    }

    /** The medians {@link #annotate} stored in a result's primary metric; empty when there are none. */
    static List<Double> read(JsonNode primaryMetric) {
        List<Double> medians = new ArrayList<>();
        primaryMetric.path(FIELD).forEach(median -> medians.add(median.asDouble()));
        return List.copyOf(medians);
    }
}
