package dev.metric.mode.template;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.metric.record.Percentiles;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Runs of command templates in memtier_benchmark's JSON shape ({@code metric memtier --json-out-file}),
 * so that what reads memtier's results reads metric's: redis-benchmarks-specification's exporter,
 * with paths such as {@code $."ALL STATS".Totals."Ops/sec"}. One run is {@code "ALL STATS"}; several
 * (memtier's {@code --run-count}) are {@code "BEST RUN RESULTS"} and {@code "WORST RUN RESULTS"}, the
 * runs of the highest and lowest rate, and {@code "AGGREGATED AVERAGE RESULTS (N runs)"}: rates
 * averaged, latencies of every run's requests together, as memtier aggregates them.
 *
 * <p>Each holds a block per command under memtier's name for it ({@code "Gets"}, {@code "Hgetalls"})
 * and {@code "Totals"}: the count, the rate, hits and misses per second of GETs (a GET answered with
 * nil misses), the mean, smallest and largest latency and the chosen percentiles under memtier's
 * names ({@code "p50.00"}), in milliseconds; and {@code "Runtime"} with the run's start. A latency is
 * metric's response time (docs/latency.md): in a closed loop, from when the request could go, which is
 * memtier's latency; under a rate, from when it was due, which memtier leaves out. What metric does
 * not measure as memtier does (bytes on the wire, a time series per second, MOVED and ASK, connection
 * errors apart from other errors) is left out rather than written as 0.
 */
public final class MemtierJson {

    /** What the document says of itself, for a reader who wonders whose figures these are. */
    static final String ABOUT = "written by metric in memtier_benchmark's shape; latencies are metric's response"
            + " times in ms (in a closed loop from when a request could go, under a rate from when it was due);"
            + " the run's own result, with service times and the server's counts, is beside it";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final double NANOS_PER_MILLI = 1e6;

    private MemtierJson() {
    }

    /**
     * The document of {@code runs} (at least one, all of one configuration), with the percentiles
     * {@code percentiles}, each run's block too when {@code everyRun} (memtier's {@code --print-all-runs}),
     * naming {@code metricResults}, the files of metric's own results.
     */
    public static ObjectNode of(List<TemplateResult> runs, Percentiles percentiles, boolean everyRun,
                                List<String> metricResults) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no run to write");
        }
        ObjectNode root = NODES.objectNode();
        ObjectNode about = root.putObject("metric");
        about.put("about", ABOUT);
        metricResults.forEach(about.putArray("results")::add);
        TemplateConfig config = runs.get(0).config();
        ObjectNode information = root.putObject("run information");
        information.put("Threads", config.threads());
        information.put("Connections per thread", config.connections());
        if (config.requests() != null) {
            information.put("Requests per client", config.requests().forLane(0, config.clientLanes().count(),
                    config.data().keys()));
        } else {
            information.put("Seconds", config.plan().duration().toSeconds());
        }
        information.put("Format version", 2);
        if (runs.size() == 1) {
            root.set("ALL STATS", block(runs.get(0), percentiles));
            return root;
        }
        if (everyRun) {
            for (int run = 0; run < runs.size(); run++) {
                root.set("RUN #" + (run + 1) + " RESULTS", block(runs.get(run), percentiles));
            }
        }
        Comparator<TemplateResult> byRate = Comparator.comparingDouble(run -> run.traffic().schedule()
                .achievedOpsPerSec());
        root.set("BEST RUN RESULTS", block(runs.stream().max(byRate).orElseThrow(), percentiles));
        root.set("WORST RUN RESULTS", block(runs.stream().min(byRate).orElseThrow(), percentiles));
        root.set("AGGREGATED AVERAGE RESULTS (" + runs.size() + " runs)", average(runs, percentiles));
        return root;
    }

    /** memtier's name of a command's block: lower case, the first letter capital, and an s ({@code "Hgetalls"}). */
    static String blockName(String command) {
        String lower = command.toLowerCase(Locale.ROOT);
        return Character.toUpperCase(lower.charAt(0)) + lower.substring(1) + "s";
    }

    /**
     * memtier's name of a percentile: {@code p}, the percentile with three decimals, cut to six
     * characters as memtier's buffer cuts it ({@code 50 -> "p50.00"}, {@code 99.9 -> "p99.90"}).
     */
    static String percentileName(double percentile) {
        String full = String.format(Locale.ROOT, "p%.3f", percentile);
        return full.length() > 6 ? full.substring(0, 6) : full;
    }

    /** One command's or the totals' figures over a stretch. */
    private record Figures(long count, double opsPerSec, double hitsPerSec, double missesPerSec, Histogram nanos) {

        Figures plus(Figures other) {
            Histogram both = nanos.copy();
            both.add(other.nanos);
            return new Figures(count + other.count, opsPerSec + other.opsPerSec, hitsPerSec + other.hitsPerSec,
                    missesPerSec + other.missesPerSec, both);
        }

        Figures averagedOver(int runs) {
            return new Figures(count, opsPerSec / runs, hitsPerSec / runs, missesPerSec / runs, nanos);
        }
    }

    private static Map<String, Figures> figures(TemplateResult run) {
        Map<String, Figures> byCommand = new LinkedHashMap<>();
        for (CommandFigures command : run.traffic().commands()) {
            long count = command.row().count();
            double misses = command.command().equals("GET") ? command.replyTypes().getOrDefault("nil", 0L) : 0;
            double hits = command.command().equals("GET") ? count - command.row().errors() - misses : 0;
            double perRequest = count == 0 ? 0 : command.row().opsPerSec() / count;
            byCommand.put(command.command(), new Figures(count, command.row().opsPerSec(), hits * perRequest,
                    misses * perRequest, command.responseNanos()));
        }
        return byCommand;
    }

    private static ObjectNode block(TemplateResult run, Percentiles percentiles) {
        ObjectNode block = runtime(List.of(run));
        write(block, figures(run), percentiles);
        return block;
    }

    private static ObjectNode average(List<TemplateResult> runs, Percentiles percentiles) {
        Map<String, Figures> sum = new LinkedHashMap<>();
        for (TemplateResult run : runs) {
            figures(run).forEach((command, figures) -> sum.merge(command, figures, Figures::plus));
        }
        Map<String, Figures> average = new LinkedHashMap<>();
        sum.forEach((command, figures) -> average.put(command, figures.averagedOver(runs.size())));
        ObjectNode block = runtime(runs);
        write(block, average, percentiles);
        return block;
    }

    /** A block with its "Runtime": the first run's start, the measured time of all of them. */
    private static ObjectNode runtime(List<TemplateResult> runs) {
        ObjectNode block = NODES.objectNode();
        ObjectNode runtime = block.putObject("Runtime");
        runtime.put("Start time", runs.get(0).header().startedAt().toEpochMilli());
        runtime.put("Total duration", Math.round(runs.stream().mapToDouble(run -> run.traffic().schedule()
                .durationSec()).sum() * 1000));
        runtime.put("Time unit", "MILLISECONDS");
        runtime.put("Interrupted", runs.stream().anyMatch(run -> !run.faults().ranToTheEnd()) ? "true" : "false");
        return block;
    }

    private static void write(ObjectNode block, Map<String, Figures> byCommand, Percentiles percentiles) {
        Figures totals = null;
        List<Figures> all = new ArrayList<>(byCommand.values());
        for (Map.Entry<String, Figures> command : byCommand.entrySet()) {
            block.set(blockName(command.getKey()), figuresNode(command.getValue(), percentiles));
        }
        for (Figures figures : all) {
            totals = totals == null ? figures : totals.plus(figures);
        }
        if (totals != null) {
            block.set("Totals", figuresNode(totals, percentiles));
        }
    }

    private static ObjectNode figuresNode(Figures figures, Percentiles percentiles) {
        ObjectNode node = NODES.objectNode();
        Histogram nanos = figures.nanos();
        boolean any = nanos.getTotalCount() > 0;
        double mean = any ? nanos.getMean() / NANOS_PER_MILLI : 0;
        node.put("Count", figures.count());
        node.put("Ops/sec", rounded(figures.opsPerSec(), 2));
        node.put("Hits/sec", rounded(figures.hitsPerSec(), 2));
        node.put("Misses/sec", rounded(figures.missesPerSec(), 2));
        node.put("Latency", rounded(mean, 3));
        node.put("Average Latency", rounded(mean, 3));
        node.put("Accumulated Latency", Math.round(mean * nanos.getTotalCount()));
        node.put("Min Latency", rounded(any ? nanos.getMinValue() / NANOS_PER_MILLI : 0, 3));
        node.put("Max Latency", rounded(any ? nanos.getMaxValue() / NANOS_PER_MILLI : 0, 3));
        ObjectNode quantiles = node.putObject("Percentile Latencies");
        for (double percentile : percentiles.values()) {
            quantiles.put(percentileName(percentile),
                    rounded(any ? nanos.getValueAtPercentile(percentile) / NANOS_PER_MILLI : 0, 3));
        }
        return node;
    }

    private static BigDecimal rounded(double value, int decimals) {
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_EVEN);
    }
}
