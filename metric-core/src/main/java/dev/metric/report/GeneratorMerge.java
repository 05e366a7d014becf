package dev.metric.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.record.LatencySummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One result from the runs of several load generators against one server, over exactly the time
 * in which every one of them was measuring: from each generator's interval log, only the intervals
 * that lie wholly inside that common window count. Rates are each generator's responses in the
 * window over the time its intervals there cover, summed; percentiles are read from those
 * intervals' histograms merged into one (a percentile of the whole is not any average of the
 * generators' percentiles). Each generator's row stands beside the total, with what was left out
 * of it before and after the window.
 *
 * <p>Each result needs its interval log ({@code --hdr-log}), the {@code .hlog} of the same name
 * beside the JSON. Runs of different workloads, of different servers, or that did not run at the
 * same time are refused: their sum would describe no load that ever happened. So are replays of one
 * trace into one database, which wrote the same keys.
 */
public final class GeneratorMerge {

    /** Where a result says the database it ran in. */
    private static final String DATABASE = "/config/client/database";

    /**
     * One generator's run.
     *
     * @param label   its {@code --run-id}, else its file name
     * @param errors  failed requests of its whole run, from its JSON (interval logs do not count them)
     * @param latency its response times, interval by interval
     */
    public record Generator(Path json, String label, String mode, String host, String client, int threads,
                            long errors, boolean passed, ResponseTimes latency, JsonNode root) {
    }

    /**
     * What one generator adds to the merge: its intervals inside the common window.
     *
     * @param nanos        the response times of those intervals, merged
     * @param opsPerSec    their responses over the time they cover (mode1: verified reads; mode2:
     *                     operations; run: requests; replay: commands)
     * @param beforeSec    seconds of its log before its first interval in the window, left out
     * @param afterSec     seconds after its last, left out
     * @param leftOutCount responses of the intervals left out
     */
    public record Share(Generator generator, Histogram nanos, double opsPerSec, double beforeSec,
                        double afterSec, long leftOutCount) {
    }

    /**
     * The merge.
     *
     * @param windowStartEpochSec the start of the time in which every generator was measuring
     * @param windowEndEpochSec   its end
     * @param opsPerSec           the shares' rates summed
     * @param total               the shares' response times merged
     */
    public record Merged(List<Share> shares, double windowStartEpochSec, double windowEndEpochSec,
                         double opsPerSec, long errors, boolean passed, Histogram total) {

        public double windowSec() {
            return windowEndEpochSec - windowStartEpochSec;
        }
    }

    private GeneratorMerge() {
    }

    /**
     * Reads and checks the runs; one run alone is its own merge (a fleet whose other generators
     * all failed).
     *
     * @throws IllegalArgumentException naming the file and the problem: not a result, no interval
     *                                  log, a capacity search, another workload or server, no overlap
     */
    public static Merged of(List<Path> jsons) throws IOException {
        if (jsons.isEmpty()) {
            throw new IllegalArgumentException("there is no result to merge");
        }
        List<Generator> generators = new ArrayList<>();
        for (Path json : jsons) {
            generators.add(read(json));
        }
        Generator first = generators.get(0);
        for (Generator other : generators.subList(1, generators.size())) {
            checkSameWorkload(first, other);
        }
        if (isReplay(first)) {
            checkOwnDatabases(generators);
        }
        return over(generators);
    }

    /**
     * Merges {@code generators} over the window in which all of them were measuring.
     *
     * @throws IllegalArgumentException when there is no such window, or a generator has no whole
     *                                  interval inside it
     */
    static Merged over(List<Generator> generators) {
        double start = Double.NEGATIVE_INFINITY;
        double end = Double.POSITIVE_INFINITY;
        for (Generator generator : generators) {
            start = Math.max(start, generator.latency().startEpochSec());
            end = Math.min(end, generator.latency().endEpochSec());
        }
        if (end <= start) {
            throw new IllegalArgumentException("the runs did not measure at the same time (no second in which all"
                    + " of them ran), so their rates cannot be summed; start them together with --start-at");
        }
        List<Share> shares = new ArrayList<>();
        Histogram total = new Histogram(3);
        double opsPerSec = 0;
        long errors = 0;
        boolean passed = true;
        for (Generator generator : generators) {
            ResponseTimes all = generator.latency();
            ResponseTimes inWindow = all.within(start, end);
            if (inWindow.intervals().isEmpty()) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s has no whole interval of its log"
                        + " in the %.1f s in which all the runs measured; start them together with --start-at",
                        generator.json(), end - start));
            }
            Histogram nanos = inWindow.nanos();
            double rate = nanos.getTotalCount() / inWindow.seconds();
            shares.add(new Share(generator, nanos, rate, inWindow.startEpochSec() - all.startEpochSec(),
                    all.endEpochSec() - inWindow.endEpochSec(), all.count() - nanos.getTotalCount()));
            total.add(nanos);
            opsPerSec += rate;
            errors += generator.errors();
            passed &= generator.passed();
        }
        return new Merged(List.copyOf(shares), start, end, opsPerSec, errors, passed, total);
    }

    private static Generator read(Path json) throws IOException {
        JsonNode root = JsonResults.readResult(json);
        String mode;
        long errors;
        if (root.has("verify")) {
            mode = "mode1";
            errors = root.at("/verify/errors").asLong();
        } else if (root.path("measured").isObject()) {
            mode = "mode2";
            errors = root.path("errors").asLong();
        } else if ((RunPoint.isRun(root) || "replay".equals(root.path("mode").asText()))
                && root.path("steps").isEmpty()) {
            mode = root.path("mode").asText();
            errors = root.at("/summary/errors").asLong();
        } else if (root.has("steps")) {
            throw new IllegalArgumentException(json + " is a --find-max search: merge takes runs of one measured"
                    + " phase (closed loop or --rate)");
        } else {
            throw new IllegalArgumentException(json + " is not a metric mode1, mode2, run or replay result");
        }
        String name = json.getFileName().toString();
        Path hdrLog = json.resolveSibling(name.substring(0, name.length() - ".json".length()) + ".hlog");
        if (!Files.isRegularFile(hdrLog)) {
            throw new IllegalArgumentException(json + ": no interval log " + hdrLog.getFileName() + " beside it;"
                    + " run each generator with --json NAME.json --hdr-log NAME.hlog");
        }
        String label = root.hasNonNull("runId") ? root.path("runId").asText() : name;
        return new Generator(json, label, mode, root.at("/environment/host").asText("unknown"), RunPoint.series(root),
                root.at("/config/threads").asInt(), errors, RunPoint.passed(root),
                ResponseTimes.read(hdrLog), root);
    }

    private static void checkSameWorkload(Generator first, Generator other) {
        if (!first.mode().equals(other.mode())) {
            throw different(first, other, "the mode", first.mode(), other.mode());
        }
        Map<String, JsonNode> theirs = WorkloadIdentity.of(other.mode(), other.root());
        for (Map.Entry<String, JsonNode> one : WorkloadIdentity.of(first.mode(), first.root()).entrySet()) {
            JsonNode their = theirs.get(one.getKey());
            if (!one.getValue().equals(their) && !(isReplay(first) && one.getKey().equals(DATABASE))) {
                throw different(first, other, one.getKey(), one.getValue().toString(), their.toString());
            }
        }
    }

    /**
     * Replays of one trace write the trace's keys, whatever their seed: two in one database would
     * each find the other's writes where it expects its own, so each generator needs a database of
     * its own ({@code --db}, or {@code --index-env}, which adds the index to it).
     */
    private static void checkOwnDatabases(List<Generator> generators) {
        Map<JsonNode, Generator> byDatabase = new LinkedHashMap<>();
        for (Generator generator : generators) {
            Generator before = byDatabase.putIfAbsent(generator.root().at(DATABASE), generator);
            if (before != null) {
                throw new IllegalArgumentException(String.format("%s and %s replayed the trace into one database"
                        + " (db %s), each writing the same keys, so their reads were not their own; give each"
                        + " generator its own --db (--index-env adds its index to --db)", before.json(),
                        generator.json(), generator.root().at(DATABASE).asText()));
            }
        }
    }

    private static boolean isReplay(Generator generator) {
        return "replay".equals(generator.mode());
    }

    private static IllegalArgumentException different(Generator first, Generator other, String field, String one,
                                                      String theirs) {
        return new IllegalArgumentException(String.format("%s and %s are not runs of one workload: %s is %s in one"
                + " and %s in the other", first.json(), other.json(), field, one, theirs));
    }

    /** The merge as text: a row per generator, then the total. */
    public static String render(Merged merged) {
        StringBuilder out = new StringBuilder(1024);
        Generator first = merged.shares().get(0).generator();
        out.append(String.format(Locale.ROOT, "metric merge: %d load generators, %s, %s %s, %s%n%n",
                merged.shares().size(), first.mode(), first.root().at("/server/name").asText(),
                first.root().at("/server/version").asText(), isReplay(first)
                        ? String.format(Locale.ROOT, "the trace %s in a database each",
                                first.root().at("/config/trace/file").asText())
                        : String.format(Locale.ROOT, "%,d keys", first.root().at("/config/data/keys").asInt())));
        out.append("| generator | host | client | threads | ops/s | p50 (ms) | p95 (ms) | p99 (ms) | p99.9 (ms)"
                + " | max (ms) | errors | passed |\n");
        out.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        int threads = 0;
        for (Share share : merged.shares()) {
            Generator generator = share.generator();
            row(out, generator.label(), generator.host(), generator.client(), generator.threads(),
                    share.opsPerSec(), share.nanos(), generator.errors(), generator.passed());
            threads += generator.threads();
        }
        row(out, "all " + merged.shares().size(), "", "", threads, merged.opsPerSec(), merged.total(),
                merged.errors(), merged.passed());
        out.append('\n');
        ReportText.line(out, "window", "%s to %s, %.1f s in which every generator was measuring: only the"
                + " intervals of each log wholly inside it count", Instant.ofEpochMilli(Math.round(
                        merged.windowStartEpochSec() * 1000)), Instant.ofEpochMilli(Math.round(
                        merged.windowEndEpochSec() * 1000)), merged.windowSec());
        ReportText.line(out, "total", "ops/s summed, each generator's responses over the time its intervals in"
                + " the window cover; percentiles of those histograms merged into one (%,d responses), never"
                + " averaged", merged.total().getTotalCount());
        for (Share share : merged.shares()) {
            ReportText.line(out, "left out", "%s: %.1f s before the window and %.1f s after it, %,d responses",
                    share.generator().label(), share.beforeSec(), share.afterSec(), share.leftOutCount());
        }
        ReportText.line(out, "errors", "each generator's whole run, from its JSON: interval logs do not count"
                + " errors");
        return out.toString();
    }

    private static void row(StringBuilder out, String label, String host, String client, int threads,
                            double opsPerSec, Histogram nanos, long errors, boolean passed) {
        LatencySummary latency = LatencySummary.of(nanos);
        out.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %,.0f | %s | %s | %s | %s | %s | %,d | %s |%n",
                label, host, client, threads, opsPerSec, ReportText.ms(latency.p50Micros()),
                ReportText.ms(latency.p95Micros()), ReportText.ms(latency.p99Micros()),
                ReportText.ms(latency.p999Micros()), ReportText.ms(latency.maxMicros()), errors,
                passed ? "yes" : "no"));
    }

    /**
     * Writes merged.md and the percentile spectrum of every generator and the total (PNG and SVG)
     * into {@code directory}.
     */
    public static List<Path> write(Merged merged, String text, Path directory) throws IOException {
        Files.createDirectories(directory);
        List<Path> written = new ArrayList<>();
        written.add(Files.writeString(directory.resolve("merged.md"), text));
        Map<String, Histogram> curves = new LinkedHashMap<>();
        List<RunPoint> points = new ArrayList<>();
        for (Share share : merged.shares()) {
            curves.put(share.generator().label(), share.nanos());
            points.add(RunPoint.read(share.generator().json()));
        }
        curves.put("all " + merged.shares().size() + " merged", merged.total());
        written.addAll(ComparisonCharts.spectrum(ChartCaption.title("Latency percentile spectrum, each generator"
                + " and all merged", ChartCaption.of(points)), curves, directory.resolve("merged-spectrum")));
        return written;
    }
}
