package dev.metric.cli;

import static dev.metric.cli.MergedReport.between;
import static dev.metric.cli.MergedReport.cells;
import static dev.metric.cli.MergedReport.number;
import static dev.metric.cli.MergedReport.responses;
import static dev.metric.cli.MergedReport.window;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Two load generators against one real server, run together and merged. */
@ExtendWith(LocalRedisExtension.class)
class MergeCommandIT {

    private static LocalRedisServer server;
    private static String port;

    @TempDir
    static Path directory;

    @BeforeAll
    static void runTwoGenerators(LocalRedisServer local) throws Exception {
        server = local;
        port = Integer.toString(server.address().port());
        String startAt = Instant.now().plusSeconds(4).toString();
        CompletableFuture<CliRun> a = CompletableFuture.supplyAsync(() -> generator("gen-a", "1", "jedis", startAt));
        CompletableFuture<CliRun> b = CompletableFuture.supplyAsync(() -> generator("gen-b", "2", "lettuce", startAt));
        assertEquals(0, a.get().exitCode(), a.get().err());
        assertEquals(0, b.get().exitCode(), b.get().err());
        ResultSchema.assertValid(directory.resolve("gen-a.json"));
        ResultSchema.assertValid(directory.resolve("gen-b.json"));
        assertTrue(a.get().err().contains("start-at: waiting"), a.get().err());
        assertTrue(b.get().err().contains("start-at: waiting"), b.get().err());
    }

    private static CliRun generator(String runId, String seed, String client, String startAt) {
        return CliRun.of("mode2", "2", "2", port, "--host", "127.0.0.1", "--db", "4", "--seed", seed, "--client",
                client, "--rate", "1500", "--duration", "3", "--warmup", "1", "--run-id", runId, "--start-at", startAt,
                "--json", directory.resolve(runId + ".json").toString(),
                "--hdr-log", directory.resolve(runId + ".hlog").toString(), "--no-breakdown");
    }

    @Test
    void theTotalIsOneHistogramOfBothRunsOverTheTimeTheyMeasuredTogether() throws IOException {
        Path out = directory.resolve("merged");
        CliRun merge = CliRun.of("merge", directory.resolve("gen-a.json").toString(),
                directory.resolve("gen-b.json").toString(), "--out", out.toString());

        assertEquals(0, merge.exitCode(), merge.err());
        double[] window = window(merge.out());
        assertTrue(window[0] >= Math.max(span(directory.resolve("gen-a.hlog"))[0],
                span(directory.resolve("gen-b.hlog"))[0]) - 0.001, merge.out());
        // --start-at lines up the warm-ups; their closed-loop first half can still shift the measured phases,
        // which is what the window is for: it lies within both runs' logs.
        assertTrue(window[2] > 0 && window[1] <= Math.min(span(directory.resolve("gen-a.hlog"))[1],
                span(directory.resolve("gen-b.hlog"))[1]) + 0.001, "--start-at made them measure together: "
                + merge.out());
        long all = responses(directory.resolve("gen-a.hlog"), 0, Double.MAX_VALUE).getTotalCount()
                + responses(directory.resolve("gen-b.hlog"), 0, Double.MAX_VALUE).getTotalCount();
        long merged = Long.parseLong(between(merge.out(), "merged into one (", " responses)").replace(",", ""));
        assertTrue(merged > 0 && merged <= all, merged + " of " + all + " responses: " + merge.out());
        String[] a = cells(merge.out(), "| gen-a |");
        String[] b = cells(merge.out(), "| gen-b |");
        String[] total = cells(merge.out(), "| all 2 |");
        assertEquals(number(a[5]) + number(b[5]), number(total[5]), 1.0, "the rates are summed: " + merge.out());
        for (int column = 6; column <= 9; column++) {
            double low = Math.min(number(a[column]), number(b[column]));
            double high = Math.max(number(a[column]), number(b[column]));
            assertTrue(number(total[column]) >= low && number(total[column]) <= high,
                    "a percentile of both merged lies between theirs: " + merge.out());
        }
        assertTrue(merge.out().contains("left out gen-a: "), merge.out());
        assertTrue(merge.out().contains("left out gen-b: "), merge.out());
        assertTrue(Files.size(out.resolve("merged-spectrum.png")) > 0);
        assertTrue(Files.readString(out.resolve("merged.md")).contains("| all 2 |"));
    }

    @Test
    void twoRunsOverlappingSixtyPercentAreMergedOverThatSixtyPercent() throws Exception {
        Instant start = Instant.now().plusSeconds(4);
        CompletableFuture<CliRun> c = CompletableFuture.supplyAsync(() -> CliRun.of(offset("gen-c", start)));
        CompletableFuture<CliRun> d = CompletableFuture.supplyAsync(() -> CliRun.of(offset("gen-d",
                start.plusSeconds(2))));
        // A generator's report says why it failed, when one does.
        assertEquals(0, c.get().exitCode(), c.get().err() + c.get().out());
        assertEquals(0, d.get().exitCode(), d.get().err() + d.get().out());

        CliRun merge = CliRun.of("merge", directory.resolve("gen-c.json").toString(),
                directory.resolve("gen-d.json").toString());

        assertEquals(0, merge.exitCode(), merge.err());
        double[] window = window(merge.out());
        double[] cSpan = span(directory.resolve("gen-c.hlog"));
        double[] dSpan = span(directory.resolve("gen-d.hlog"));
        assertEquals(dSpan[0], window[0], 0.001, "the window opens when the later run began: " + merge.out());
        assertEquals(cSpan[1], window[1], 0.001, "and closes when the earlier one ended: " + merge.out());
        assertEquals(cSpan[1] - dSpan[0], window[2], 0.05, "the time both measured, to the 0.1 s printed: "
                + merge.out());
        assertTrue(window[2] < cSpan[1] - cSpan[0] && window[2] < dSpan[1] - dSpan[0],
                "less than either run: their overlap only: " + merge.out());
    }

    private String[] offset(String runId, Instant startAt) {
        return new String[] {"mode2", "2", "1", port, "--host", "127.0.0.1", "--db", "6", "--client", "jedis",
            "--rate", "500", "--duration", "5", "--warmup", "0", "--run-id", runId, "--start-at", startAt.toString(),
            "--json", directory.resolve(runId + ".json").toString(),
            "--hdr-log", directory.resolve(runId + ".hlog").toString(), "--no-breakdown", "-q"};
    }

    /** When a log's first interval of responses began and its last ended, in seconds since the epoch. */
    private static double[] span(Path hdrLog) throws IOException {
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        try (HistogramLogReader reader = new HistogramLogReader(hdrLog.toFile())) {
            for (EncodableHistogram interval = reader.nextIntervalHistogram(); interval != null;
                 interval = reader.nextIntervalHistogram()) {
                if ("set-batch".equals(interval.getTag())) {
                    continue;
                }
                first = Math.min(first, interval.getStartTimeStamp() / 1000.0);
                last = Math.max(last, interval.getEndTimeStamp() / 1000.0);
            }
        }
        return new double[] {first, last};
    }

    /**
     * Generators of {@code metric run} line up with --start-at as mode2's do, and their runs merge
     * into one: each row passed, the rates summed, the window within both logs; a run and a mode2
     * run are not one workload.
     */
    @Test
    void runsOfTheUsersOwnCommandsMergeAsMode2sDo() throws Exception {
        assertMergedTogether("run", "run-e", "run-f", at -> templates("run-e", "1", at),
                at -> templates("run-f", "2", at));

        CliRun mixed = CliRun.of("merge", directory.resolve("run-e.json").toString(),
                directory.resolve("gen-a.json").toString());
        assertEquals(2, mixed.exitCode(), mixed.out());
        assertTrue(mixed.err().contains("are not runs of one workload: the mode is run in one and mode2 in the"
                + " other"), mixed.err());
    }

    /**
     * Runs the command lines {@code oneRun} and {@code otherRun} make for a start 4 s from now, together,
     * and merges their results: a row each, their rates summed in the total, both passed, the
     * window within both logs.
     */
    private static void assertMergedTogether(String mode, String oneId, String otherId,
                                             Function<Instant, String[]> oneRun, Function<Instant, String[]> otherRun)
            throws Exception {
        Instant start = Instant.now().plusSeconds(4);
        CompletableFuture<CliRun> first = CompletableFuture.supplyAsync(() -> CliRun.of(oneRun.apply(start)));
        CompletableFuture<CliRun> second = CompletableFuture.supplyAsync(() -> CliRun.of(otherRun.apply(start)));
        assertEquals(0, first.get().exitCode(), first.get().err() + first.get().out());
        assertEquals(0, second.get().exitCode(), second.get().err() + second.get().out());
        assertTrue(first.get().err().contains("start-at: waiting"), first.get().err());

        CliRun merge = CliRun.of("merge", directory.resolve(oneId + ".json").toString(),
                directory.resolve(otherId + ".json").toString());

        assertEquals(0, merge.exitCode(), merge.err());
        assertTrue(merge.out().startsWith("metric merge: 2 load generators, " + mode + ", redis"), merge.out());
        String[] one = cells(merge.out(), "| " + oneId + " |");
        String[] other = cells(merge.out(), "| " + otherId + " |");
        String[] total = cells(merge.out(), "| all 2 |");
        assertEquals(number(one[5]) + number(other[5]), number(total[5]), 1.0, "the rates are summed: " + merge.out());
        assertEquals("yes", total[total.length - 1].strip(), "both passed: " + merge.out());
        double[] window = window(merge.out());
        assertTrue(window[2] > 0 && window[1] <= Math.min(span(directory.resolve(oneId + ".hlog"))[1],
                span(directory.resolve(otherId + ".hlog"))[1]) + 0.001, merge.out());
    }

    private String[] templates(String runId, String seed, Instant startAt) {
        return new String[] {"run", "1", "1", port, "--host", "127.0.0.1", "--db", "7", "--seed", seed,
            "--command", "GET __key__", "--rate", "500", "--duration", "3", "--warmup-time", "0", "--run-id", runId,
            "--start-at", startAt.toString(), "--json", directory.resolve(runId + ".json").toString(),
            "--hdr-log", directory.resolve(runId + ".hlog").toString()};
    }

    @Test
    void runsOfAnotherWorkloadAreRefused() {
        Path other = directory.resolve("other.json");
        CliRun run = CliRun.of("mode2", "1", "1", port, "--host", "127.0.0.1", "--db", "5", "--rate", "500",
                "--duration", "1", "--warmup", "0", "--json", other.toString(),
                "--hdr-log", directory.resolve("other.hlog").toString(), "--no-breakdown", "-q");
        assertEquals(0, run.exitCode(), run.err());

        CliRun merge = CliRun.of("merge", directory.resolve("gen-a.json").toString(), other.toString());

        assertEquals(2, merge.exitCode(), merge.out());
        assertTrue(merge.err().contains("are not runs of one workload: /config/client/database is 4 in one and 5"
                + " in the other"), merge.err());
        assertEquals(1, merge.err().strip().lines().count(), merge.err());
    }

    /**
     * Two replays of one trace, started together with --start-at after their warm phases, each in a
     * database of its own, merge as the other modes' runs do; a replay of the trace into a database
     * another generator used wrote the same keys, and is refused.
     */
    @Test
    void replaysOfOneTraceInDatabasesOfTheirOwnMerge() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            lines.add("SET key:" + i + " " + "v".repeat(100));
            lines.add("GET key:" + i);
        }
        Path trace = Files.write(directory.resolve("merge.trace"), lines);
        assertMergedTogether("replay", "rp-g", "rp-h", at -> replay(trace, "rp-g", "8", at),
                at -> replay(trace, "rp-h", "9", at));

        CliRun again = CliRun.of(replay(trace, "rp-i", "8", null));
        assertEquals(0, again.exitCode(), again.err() + again.out());
        CliRun refused = CliRun.of("merge", directory.resolve("rp-g.json").toString(),
                directory.resolve("rp-i.json").toString());
        assertEquals(2, refused.exitCode(), refused.out());
        assertTrue(refused.err().contains("replayed the trace into one database (db 8), each writing the same keys"),
                refused.err());
    }

    /** A replay of {@code trace} at 600 commands a second into database {@code db}; at once for a null start. */
    private String[] replay(Path trace, String runId, String db, Instant startAt) {
        List<String> args = new ArrayList<>(List.of("replay", trace.toString(), "--port", port, "--db", db,
                "--rate", "600", "--run-id", runId, "--json", directory.resolve(runId + ".json").toString(),
                "--hdr-log", directory.resolve(runId + ".hlog").toString()));
        if (startAt != null) {
            args.addAll(List.of("--start-at", startAt.toString()));
        }
        return args.toArray(String[]::new);
    }

    @Test
    void runsOfOtherValueSizesAreAnotherWorkload() {
        Path larger = directory.resolve("larger.json");
        CliRun run = CliRun.of("mode2", "2", "2", port, "--host", "127.0.0.1", "--db", "4", "--rate", "1500",
                "--duration", "3", "--warmup", "1", "--value-size", "2000-4000", "--json", larger.toString(),
                "--hdr-log", directory.resolve("larger.hlog").toString(), "--no-breakdown", "-q");
        assertEquals(0, run.exitCode(), run.err());

        CliRun merge = CliRun.of("merge", directory.resolve("gen-a.json").toString(), larger.toString());

        assertEquals(2, merge.exitCode(), merge.out());
        assertTrue(merge.err().contains(
                "/config/data/valueSizes is \"200-2000 B\" in one and \"2000-4000 B\" in the other"),
                merge.err());
    }
}
