package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
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
    }

    private static CliRun generator(String runId, String seed, String client, String startAt) {
        return CliRun.of("mode2", "2", "2", port, "--host", "127.0.0.1", "--db", "4", "--seed", seed, "--client",
                client, "--rate", "1500", "--duration", "3", "--warmup", "1", "--run-id", runId, "--start-at", startAt,
                "--json", directory.resolve(runId + ".json").toString(),
                "--hdr-log", directory.resolve(runId + ".hlog").toString(), "--no-breakdown");
    }

    @Test
    void theTotalsPercentilesAreThoseOfOneHistogramOfBothRunsAndItsRateTheirSum() throws IOException {
        Path out = directory.resolve("merged");
        CliRun merge = CliRun.of("merge", directory.resolve("gen-a.json").toString(),
                directory.resolve("gen-b.json").toString(), "--out", out.toString());

        assertEquals(0, merge.exitCode(), merge.err());
        Histogram both = responses(directory.resolve("gen-a.hlog"));
        both.add(responses(directory.resolve("gen-b.hlog")));
        String total = merge.out().lines().filter(line -> line.startsWith("| all 2 |")).findFirst().orElseThrow();
        String[] cells = total.split("\\s*\\|\\s*");
        assertEquals(ms(both.getValueAtPercentile(50)), cells[6], total);
        assertEquals(ms(both.getValueAtPercentile(95)), cells[7], total);
        assertEquals(ms(both.getValueAtPercentile(99)), cells[8], total);
        assertEquals(ms(both.getValueAtPercentile(99.9)), cells[9], total);
        assertEquals(ms(both.getMaxValue()), cells[10], total);
        double summed = measuredRate(directory.resolve("gen-a.json")) + measuredRate(directory.resolve("gen-b.json"));
        assertEquals(summed, Double.parseDouble(cells[5].replace(",", "")), 1.0, "each generator's own"
                + " measured rate, summed: " + total);
        assertTrue(merge.out().contains(String.format(Locale.ROOT, "merged into one (%,d responses)",
                both.getTotalCount())), merge.out());
        assertTrue(merge.out().contains("overlap  all generators measured together"), merge.out());
        assertTrue(!merge.out().contains("WARNING"), "--start-at made them measure together: " + merge.out());
        assertTrue(Files.size(out.resolve("merged-spectrum.png")) > 0);
        assertTrue(Files.readString(out.resolve("merged.md")).contains("| all 2 |"));
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

    private static Histogram responses(Path hdrLog) throws IOException {
        Histogram all = new Histogram(3);
        try (HistogramLogReader reader = new HistogramLogReader(hdrLog.toFile())) {
            for (EncodableHistogram interval = reader.nextIntervalHistogram(); interval != null;
                 interval = reader.nextIntervalHistogram()) {
                if (!interval.getTag().endsWith("-service")) {
                    all.add((Histogram) interval);
                }
            }
        }
        return all;
    }

    /** The operations per second a generator wrote in its own JSON result. */
    private static double measuredRate(Path json) {
        return ResultSchema.assertValid(json).at("/measured/all/opsPerSec").asDouble();
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1000.0 / 1000.0); // as the report computes it
    }
}
