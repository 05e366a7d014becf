package dev.metric.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.metric.compare.FigureChange.Noise;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunComparisonTableTest {

    @TempDir
    Path directory;

    /**
     * Two runs of 60 seconds whose seconds vary by 10%: each rate is known to within about 2.5%, the
     * change between them to within about 3.5%, far less than one second's 10%.
     */
    @Test
    void singleRunsWithIntervalLogsFlagAPlantedTwentyPercentDropAndNotAOnePercentOne() throws IOException {
        RunGroup baseline = logged("a", 1.0, 1);
        RunGroup twenty = logged("b20", 0.8, 2);
        RunGroup one = logged("b1", 0.99, 3);

        FigureChange drop = opsPerSec(baseline, twenty);
        assertEquals(-20.0, drop.percent(), 1e-9);
        assertEquals(Noise.BEYOND, drop.noise());
        assertTrue(drop.bandPercent() > 2 && drop.bandPercent() < 6, drop.bandPercent() + "%");
        assertEquals(Noise.WITHIN, opsPerSec(baseline, one).noise(), opsPerSec(baseline, one).text());
    }

    @Test
    void repeatsAreUncertainByHalfTheirRange() throws IOException {
        RunGroup baseline = SavedRuns.repeats(directory, "base", 1.0);
        RunGroup twenty = SavedRuns.repeats(directory, "b20", 0.8);
        RunGroup two = SavedRuns.repeats(directory, "b2", 0.98);

        assertEquals(10_000, baseline.median(Headline.OPS_PER_SEC));
        assertEquals(3.0, baseline.uncertaintyPercent(Headline.OPS_PER_SEC), 1e-9, "9,700-10,300: 300 of 10,000");
        assertEquals(Noise.BEYOND, opsPerSec(baseline, twenty).noise());
        FigureChange slight = opsPerSec(baseline, two);
        assertEquals(Noise.WITHIN, slight.noise());
        assertEquals(Math.hypot(3.0, 3.0), slight.bandPercent(), 1e-9, "each side 3% of its own median");
        String text = new RunComparisonTable(List.of(baseline, twenty)).text();
        assertTrue(text.contains(
                "| ops/s | 10,000 (9,700-10,300) | 8,000 (7,760-8,240) | -20.0% beyond noise (±4.2%) |"), text);
    }

    @Test
    void withoutRepeatsOrLogsNoiseIsUnknown() throws IOException {
        RunGroup baseline = single("a", 10_000, 100.0, "7.0.15");
        RunGroup slower = single("b", 9_000, 130.0, "7.0.15");

        assertEquals(Noise.UNKNOWN, opsPerSec(baseline, slower).noise());
        String text = new RunComparisonTable(List.of(baseline, slower)).text();
        assertTrue(text.contains("| p99 (ms) | 0.100 | 0.130 | +30.0% (noise unknown) |"), text);
        assertTrue(text.contains("verdict  B: noise unknown"), text);
    }

    @Test
    void saysHowEachRunWasSetUpDifferentlyFromTheBaseline() throws IOException {
        RunGroup baseline = single("a", 10_000, 100.0, "7.0.15");
        RunGroup upgraded = single("b", 10_000, 100.0, "7.2.4");

        String text = new RunComparisonTable(List.of(baseline, upgraded)).text();

        assertTrue(text.contains("differs  B: server version 7.0.15 -> 7.2.4\n"), text);
        assertTrue(text.startsWith("compare  A = a (mode2, 1 run), the baseline\n         B = b (mode2, 1 run)\n"),
                text);
    }

    /** Runs of the user's commands say which templates, pace or length differ, as mode2's say their mix. */
    @Test
    void saysWhichTemplatesARunOfTheUsersCommandsSentDifferently() throws IOException {
        RunGroup gets = new RunGroup("gets", List.of(SavedRun.read(templates("gets", "GET __key__"))));
        RunGroup sets = new RunGroup("sets", List.of(SavedRun.read(templates("sets", "SET __key__ __value__"))));

        String text = new RunComparisonTable(List.of(gets, sets)).text();

        assertTrue(text.contains("differs  B: config templates [{\"text\":\"GET __key__\",\"weight\":1}] -> "
                + "[{\"text\":\"SET __key__ __value__\",\"weight\":1}]\n"), text);
    }

    /**
     * A bench's rows side by side: each test's ops/s and p99, the median of its repeats, the change
     * beyond noise when it is larger than the repeats' half ranges combined; a test one side did
     * not run is n/a.
     */
    @Test
    void eachTestOfABenchIsSetAgainstTheBaselinesSameTest() throws IOException {
        RunGroup before = new RunGroup("before", List.of(SavedRun.read(bench("b1", 100, 110)),
                SavedRun.read(bench("b2", 110, 110)), SavedRun.read(bench("b3", 90, 110))));
        RunGroup after = new RunGroup("after", List.of(SavedRun.read(bench("a1", 80, 110)),
                SavedRun.read(bench("a2", 82, 110)), SavedRun.read(bench("a3", 78, 110))));

        String text = new RunComparisonTable(List.of(before, after)).text();

        // set: 100 (90-110, ±10%) against 80 (78-82, ±2.5%): -20% beyond sqrt(10^2 + 2.5^2) = 10.3%
        assertTrue(text.contains("| test | A ops/s | A p99 (ms) | B ops/s | B against A | B p99 (ms) | B against A"
                + " |\n"), text);
        assertTrue(text.contains("| set | 100 | 0.200 | 80 | -20.0% beyond noise (±10.3%) | 0.200 | +0.0% within"
                + " noise (±0.0%) |\n"), text);
        assertTrue(text.contains("| get | 110 | 0.200 | 110 | +0.0% within noise (±0.0%) | 0.200 |"), text);
        assertTrue(text.contains("| lpush | 50 | 0.300 | n/a | n/a | n/a | n/a |\n"), "the other side ran no"
                + " lpush: " + text);
    }

    /** A replay's rows are its commands, by name. */
    @Test
    void eachCommandOfAReplayIsSetAgainstTheBaselinesSameCommand() throws IOException {
        String replay = """
                {"schemaVersion": 1, "mode": "replay",
                 "summary": {"mode": "replay", "measured": "replayed commands", "operations": 5000, "opsPerSec": 900,
                   "p50Micros": 40.0, "p99Micros": 200.0, "p999Micros": 300.0, "maxMicros": 900.0, "errors": 0,
                   "verification": "verified", "verificationFailures": 0, "passed": true, "failures": []},
                 "config": {"threads": 1},
                 "commands": [{"command": "GET", "opsPerSec": %s, "response": {"p99Micros": 150}},
                              {"command": "SET", "opsPerSec": 300, "response": {"p99Micros": 250}}]}
                """;
        RunGroup before = new RunGroup("before", List.of(SavedRun.read(Files.writeString(
                directory.resolve("r1.json"), replay.formatted(600)))));
        RunGroup after = new RunGroup("after", List.of(SavedRun.read(Files.writeString(
                directory.resolve("r2.json"), replay.formatted(450)))));

        String text = new RunComparisonTable(List.of(before, after)).text();

        assertTrue(text.contains("| command | A ops/s | A p99 (ms) |"), text);
        assertTrue(text.contains("| GET | 600 | 0.150 | 450 | -25.0% (noise unknown) | 0.150 | +0.0% (noise unknown)"
                + " |\n"), text);
        assertTrue(text.contains("| SET | 300 | 0.250 | 300 | +0.0% (noise unknown) |"), text);
    }

    /** A bench that ran set at {@code setOps} and get at {@code getOps}; lpush too when its name starts with b. */
    private Path bench(String name, double setOps, double getOps) throws IOException {
        String row = "{\"test\": \"%s\", \"run\": {\"templates\": [{\"opsPerSec\": %s, \"response\":"
                + " {\"p99Micros\": %s}}]}}";
        String tests = String.format(Locale.ROOT, row, "set", setOps, 200) + ", "
                + String.format(Locale.ROOT, row, "get", getOps, 200)
                + (name.startsWith("b") ? ", " + String.format(Locale.ROOT, row, "lpush", 50, 300) : "");
        return Files.writeString(directory.resolve(name + ".json"), """
                {"schemaVersion": 1, "mode": "bench",
                 "summary": {"mode": "bench", "measured": "requests", "operations": 50000,
                   "opsPerSec": 100, "p50Micros": 40.0, "p99Micros": 200.0, "p999Micros": 300.0, "maxMicros": 900.0,
                   "errors": 0, "verification": "not_verified", "verificationFailures": 0, "passed": true,
                   "failures": []},
                 "config": {"threads": 1}, "tests": [%s]}
                """.formatted(tests));
    }

    private Path templates(String name, String template) throws IOException {
        return Files.writeString(directory.resolve(name + ".json"), """
                {"schemaVersion": 1, "mode": "run",
                 "summary": {"mode": "run", "measured": "measured requests", "operations": 50000,
                   "opsPerSec": 10000, "p50Micros": 40.0, "p99Micros": 90.0, "p999Micros": 300.0, "maxMicros": 900.0,
                   "errors": 0, "verification": "not_verified", "verificationFailures": 0, "passed": true,
                   "failures": []},
                 "server": {"name": "redis", "version": "7.0.15"},
                 "client": {"library": "jedis"},
                 "config": {"threads": 4, "templates": [{"text": "%s", "weight": 1}]}}
                """.formatted(template));
    }

    @Test
    void refusesWhatIsNotARunsResultAndRepeatsOfTwoModes() throws IOException {
        Path comparison = Files.writeString(directory.resolve("summary.json"),
                "{\"schemaVersion\": 1, \"mode\": \"comparison\", \"groups\": []}");
        Path old = Files.writeString(directory.resolve("old.json"), "{\"schemaVersion\": 1, \"mode\": \"mode1\"}");
        Path newer = Files.writeString(directory.resolve("newer.json"), "{\"schemaVersion\": 99, \"mode\": \"mode1\"}");
        Path broken = Files.writeString(directory.resolve("broken.json"), "{\"schemaVersion\": ");

        assertTrue(message(comparison).contains("is a comparison of runs, not a run's result"));
        assertTrue(message(old).contains("has no summary"));
        assertTrue(message(newer).contains("was written by a newer metric"));
        assertTrue(message(broken).contains("is not JSON"));
        assertTrue(message(directory.resolve("absent.json")).endsWith("absent.json: no such file"));
        SavedRun mode2 = SavedRun.read(SavedRuns.json(directory, "m2", 1, 1, "7.0.15"));
        SavedRun mode1 = new SavedRun(Path.of("m1.json"), ((ObjectNode) mode2.root().deepCopy()).put("mode",
                "mode1"), mode2.summary(), null);
        assertThrows(IllegalArgumentException.class, () -> new RunGroup("mixed", List.of(mode2, mode1)));
        assertThrows(IllegalArgumentException.class, () -> new RunComparisonTable(List.of(single("x", 1, 1, "7"))));
    }

    private String message(Path json) {
        return assertThrows(IllegalArgumentException.class, () -> SavedRun.read(json)).getMessage();
    }

    private static FigureChange opsPerSec(RunGroup baseline, RunGroup other) {
        return FigureChange.of(Headline.OPS_PER_SEC, baseline, other);
    }

    private RunGroup single(String name, double opsPerSec, double p99Micros, String version) throws IOException {
        return new RunGroup(name, List.of(SavedRun.read(SavedRuns.json(directory, name, opsPerSec, p99Micros,
                version))));
    }

    /** A run at 10,000 ops/s times {@code factor}, with 60 seconds that vary by 10% around it. */
    private RunGroup logged(String name, double factor, long seed) throws IOException {
        SavedRuns.hdrLog(directory, name, SavedRuns.noisy(60, 10_000 * factor, 1_000 * factor, seed));
        return single(name, 10_000 * factor, 100.0, "7.0.15");
    }
}
