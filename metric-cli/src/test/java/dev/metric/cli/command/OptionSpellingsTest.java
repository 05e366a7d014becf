package dev.metric.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.cli.CliRun;
import dev.metric.cli.MetricCli;
import dev.metric.cli.command.Mode1Command;
import dev.metric.cli.command.Mode2Command;
import dev.metric.cli.command.SweepMode1Command;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.ServerAddress;
import dev.metric.config.FlushPolicy;
import dev.metric.mode.cache.Mode2Config;
import dev.metric.mode.verify.Mode1Config;
import dev.metric.sweep.SweepPlan;
import dev.metric.workload.DataSpec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Units, suffixes and the old spellings of renamed options reach the run's configuration as the
 * numbers they stand for; parsed by picocli as the command line is, without running anything.
 */
class OptionSpellingsTest {

    private static final ClientSettings SETTINGS = new ClientSettings(new ServerAddress("127.0.0.1", 1), 0, 1,
            Duration.ofSeconds(1), Duration.ofSeconds(1));
    private static final DataSpec DATA = DataSpec.standard(1024, 1);

    @Test
    void mode1TakesSuffixedCountsAndItsOldSpellings() {
        Mode1Config renamed = mode1("mode1", "2", "1", "--warmup-reads", "64k", "--reads", "1.5m", "--load-batch", "8");
        Mode1Config old = mode1("mode1", "2", "1", "--warmup", "65536", "--reads", "1572864", "--pipeline", "8");

        for (Mode1Config config : List.of(renamed, old)) {
            assertEquals(65_536, config.readCounts().warmupReads(), "k is 1024 in a count, as in <kkeys>");
            assertEquals(1_572_864, config.readCounts().reads());
            assertEquals(8, config.pipeline());
        }
    }

    @Test
    void memtiersNamesMeanWhatMetricsOwnDo() {
        String[] memtier = {"mode2", "-t", "2", "5", "-c", "3", "--test-time", "90", "-d", "32", "-P", "4",
            "--ratio", "1:3"};
        Mode2Command command = (Mode2Command) parsed(memtier);
        Mode2Config config = mode2(memtier);

        assertEquals(2, command.shape.threads());
        assertEquals(5, command.shape.kkeys(), "with -t the arguments start at <kkeys>");
        assertEquals(3, command.client.connections);
        assertEquals(Duration.ofSeconds(90), config.plan().duration());
        assertEquals(4, config.mix().pipeline());
        assertEquals(0.25, config.mix().writeRatio(), "one SET to three GETs");
        assertEquals("32 B", command.data.spec(command.shape.kkeys(), command.shape.portArgument()).valueSizes()
                .toString());
    }

    @Test
    void memtiersServerPortAndOutputNamesReachThePlan() {
        CliRun run = CliRun.of("mode2", "-t", "2", "5", "-s", "127.0.0.2", "-p", "7000", "--json-out-file", "r.json",
                "--hdr-file-prefix", "run", "--dry-run");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("\nserver    127.0.0.2:7000, db 0;"), run.out());
        assertTrue(run.out().contains("\nfiles     --json r.json, --hdr-log run.hlog\n"), run.out());
    }

    @Test
    void anOldSpellingWorksAndSaysItsNewName() {
        CliRun run = CliRun.of("mode2", "2", "5", "--warmup", "3", "--dry-run");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("3s of warm-up"), run.out());
        assertEquals("metric mode2: --warmup is the old name of --warmup-time, and will go: use --warmup-time\n",
                run.err());
    }

    @Test
    void mode1DefaultsAreTheDocumentedOnes() {
        Mode1Config config = mode1("mode1", "2", "1");

        assertEquals(65_536, config.readCounts().warmupReads());
        assertEquals(1_048_576, config.readCounts().reads());
        assertEquals(64, config.pipeline());
    }

    @Test
    void mode2TakesDurationsWithUnitsRatesWithSuffixesAndItsOldSpelling() {
        Mode2Config renamed = mode2("mode2", "2", "1", "--duration", "2m", "--warmup-time", "2000ms", "--rate", "1.5k",
                "--ttl", "1m-1h");
        Mode2Config old = mode2("mode2", "2", "1", "--duration", "120", "--warmup", "2", "--rate", "1500",
                "--ttl", "60-3600");

        assertEquals(Duration.ofMinutes(2), renamed.plan().duration());
        assertEquals(Duration.ofMinutes(2), old.plan().duration());
        assertEquals(Duration.ofSeconds(2), renamed.plan().warmup());
        assertEquals(Duration.ofSeconds(2), old.plan().warmup());
        assertEquals(1500.0, renamed.plan().rate().opsPerSec());
        assertEquals(1500.0, old.plan().rate().opsPerSec());
        assertEquals(60, renamed.mix().ttl().minSeconds());
        assertEquals(3600, renamed.mix().ttl().maxSeconds());
        assertEquals(renamed.mix().ttl(), old.mix().ttl());
    }

    /** The time options are declared once: by default mode2 measures 60 s after 5 s, run and bench 10 s after 2 s. */
    @Test
    void eachTimedModeHasItsOwnDefaultTimesAndTheSameSpellings() {
        assertEquals(Duration.ofSeconds(65), ((Mode2Command) parsed("mode2", "2", "1")).mode2.trafficTime());
        assertEquals(Duration.ofSeconds(12), ((RunCommand) parsed("run", "2", "1", "--command", "GET __key__"))
                .timing.trafficTime());
        assertEquals(Duration.ofSeconds(12), ((BenchCommand) parsed("bench", "2", "1")).timing.trafficTime());
        assertEquals(Duration.ofSeconds(31), ((RunCommand) parsed("run", "2", "1", "--command", "GET __key__",
                "--test-time", "30", "--warmup", "1")).timing.trafficTime());
        assertEquals(Duration.ofSeconds(90), ((Mode2Command) parsed("mode2", "2", "1", "--duration", "1m",
                "--warmup-time", "30s")).mode2.trafficTime());
    }

    @Test
    void mode2SearchStepsTakeUnits() {
        Mode2Config config = mode2("mode2", "2", "1", "--find-max", "--slo", "p99=1.5ms", "--step-duration", "1m");

        assertEquals(Duration.ofMinutes(1), config.plan().search().stepDuration());
        assertEquals(1_500_000, config.plan().search().slos().get(0).thresholdNanos());
    }

    @Test
    void sweepSpellsTheClientOptionsAsTheModesDoAndKeepsTheOldNames() {
        SweepPlan renamed = sweep("sweep", "mode1", "1,4", "1", "--out", "/tmp/spellings", "--client", "lettuce",
                "--pool-size", "shared,4");
        SweepPlan old = sweep("sweep", "mode1", "1", "--out", "/tmp/spellings", "--clients", "lettuce",
                "--pool-sizes", "shared,4", "--threads", "1,4");

        assertEquals(List.of(ClientLibrary.LETTUCE), renamed.clients());
        assertEquals(List.of(1, 4), renamed.threads(), "the modes' <threads> first, as a list");
        assertEquals(renamed, old);
    }

    @Test
    void helpNamesTheOldSpellingsWithoutListingThemAsOptions() {
        String help = CliRun.of("mode1", "--help").out();
        String words = help.replaceAll("\\s+", " ");

        assertTrue(words.contains("--pipeline is its old name"), help);
        assertTrue(words.contains("--warmup is its old name"), help);
        assertTrue(help.lines().noneMatch(line -> line.strip().startsWith("--warmup=")), help);
    }

    private static Mode1Config mode1(String... args) {
        Mode1Command command = (Mode1Command) parsed(args);
        return command.mode1.config(ClientLibrary.JEDIS, SETTINGS, 2, EngineKind.THREADS, 1, DATA,
                FlushPolicy.NEVER, false, false);
    }

    private static Mode2Config mode2(String... args) {
        Mode2Command command = (Mode2Command) parsed(args);
        return command.mode2.config(ClientLibrary.JEDIS, SETTINGS, 2, EngineKind.THREADS, 1, DATA,
                FlushPolicy.NEVER, false, false);
    }

    private static SweepPlan sweep(String... args) {
        return ((SweepMode1Command) parsed(args)).sweep.plan();
    }

    private static Object parsed(String... args) {
        PrintWriter nowhere = new PrintWriter(new StringWriter());
        CommandLine.ParseResult result = MetricCli.commandLine(nowhere, nowhere).parseArgs(args);
        while (result.hasSubcommand()) {
            result = result.subcommand();
        }
        return result.commandSpec().userObject();
    }
}
