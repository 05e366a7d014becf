package dev.metric.jmh.suite;

import dev.metric.jmh.baseline.InProcessMapBenchmark;
import dev.metric.jmh.decode.DecodeBenchmark;
import dev.metric.jmh.encode.EncodeBenchmark;
import dev.metric.jmh.memcached.MemcachedClientBenchmark;
import dev.metric.jmh.pool.PoolBenchmark;
import dev.metric.jmh.roundtrip.RoundTripBenchmark;
import dev.metric.jmh.workload.HarnessCostBenchmark;
import dev.metric.server.LocalMemcachedServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark class — at each thread count the comparison needs, which JMH cannot take
 * as a parameter — writes one JMH JSON file per class and thread count, and then
 * {@code SUMMARY.md} from all of them.
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.metric.jmh.suite.BenchmarkSuite smoke|short|full <dir>}.
 */
public final class BenchmarkSuite {

    /** Forks of the full suite: each a fresh JVM, so that one JIT's luck does not decide a figure. */
    static final int FULL_FORKS = 3;

    /** How long the suite runs, and so how far its figures can be trusted. */
    enum Level {
        /**
         * What {@code mvn verify} runs: every benchmark in the suite's own JVM (no fork), one 100 ms
         * warm-up and two 100 ms measured iterations. It shows that every benchmark runs; its figures
         * share one JIT profile and are indicative at best.
         */
        SMOKE(0, TimeValue.milliseconds(100)),
        /** One fork per benchmark, one 200 ms warm-up and two 200 ms measured iterations. */
        SHORT(1, TimeValue.milliseconds(200)),
        /** {@value #FULL_FORKS} forks of each class's own iterations (3 × 1 s warm-up, 5 × 1 s measured). */
        FULL(FULL_FORKS, null);

        final int forks;
        /** The length of each iteration; null for each class's own. */
        final TimeValue iteration;

        Level(int forks, TimeValue iteration) {
            this.forks = forks;
            this.iteration = iteration;
        }
    }

    /** One JMH run: a benchmark class at one thread count. */
    record Part(Class<?> benchmark, int threads) {
        String fileName() {
            return benchmark.getSimpleName() + "-t" + threads + ".json";
        }
    }

    static final List<Part> PARTS = parts();

    private BenchmarkSuite() {
    }

    private static List<Part> parts() {
        List<Part> parts = new ArrayList<>(List.of(
                new Part(EncodeBenchmark.class, 1),
                new Part(DecodeBenchmark.class, 1),
                new Part(HarnessCostBenchmark.class, 1)));
        for (int threads : SuiteParameters.ROUND_TRIP_THREADS) {
            parts.add(new Part(InProcessMapBenchmark.class, threads));
        }
        for (int threads : SuiteParameters.POOL_THREADS) {
            parts.add(new Part(PoolBenchmark.class, threads));
        }
        for (int threads : SuiteParameters.ROUND_TRIP_THREADS) {
            parts.add(new Part(RoundTripBenchmark.class, threads));
        }
        for (int threads : SuiteParameters.ROUND_TRIP_THREADS) {
            parts.add(new Part(MemcachedClientBenchmark.class, threads));
        }
        return List.copyOf(parts);
    }

    public static void main(String[] args) throws IOException, RunnerException {
        Level level = args.length == 2 ? level(args[0]) : null;
        if (level == null) {
            System.err.println("usage: BenchmarkSuite smoke|short|full <results directory>");
            System.exit(2);
        }
        Path directory = Path.of(args[1]);
        Files.createDirectories(directory);
        deleteOldResults(directory);
        for (Part part : PARTS) {
            if (part.benchmark() == MemcachedClientBenchmark.class && !LocalMemcachedServer.available()) {
                System.out.println("no memcached on PATH (Debian: apt-get install -y memcached): "
                        + part.fileName() + " not measured");
                continue;
            }
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include("^" + Pattern.quote(part.benchmark().getName()) + "\\.")
                    .threads(part.threads())
                    .forks(level.forks)
                    .resultFormat(ResultFormatType.JSON)
                    .result(directory.resolve(part.fileName()).toString());
            if (level.iteration != null) {
                options.warmupIterations(1).warmupTime(level.iteration)
                        .measurementIterations(2).measurementTime(level.iteration);
            }
            new Runner(options.build()).run();
            IterationMedians.annotate(directory.resolve(part.fileName()));
        }
        Path summary = directory.resolve("SUMMARY.md");
        Files.writeString(summary, SummaryWriter.write(readAll(directory), Machine.describe()),
                StandardCharsets.UTF_8);
        System.out.println("wrote " + summary);
    }

    private static Level level(String name) {
        for (Level level : Level.values()) {
            if (level.name().toLowerCase(Locale.ROOT).equals(name)) {
                return level;
            }
        }
        return null;
    }

    /** The suite owns its directory's JSON files: results of an earlier run must not mix into this one's summary. */
    private static void deleteOldResults(Path directory) throws IOException {
        try (DirectoryStream<Path> old = Files.newDirectoryStream(directory, "*.json")) {
            for (Path file : old) {
                Files.delete(file);
            }
        }
    }

    /** Every score in the directory's JSON files, in the suite's order. */
    static List<JmhScore> readAll(Path directory) throws IOException {
        List<JmhScore> scores = new ArrayList<>();
        for (Part part : PARTS) {
            Path file = directory.resolve(part.fileName());
            if (Files.exists(file)) {
                scores.addAll(JmhScore.read(file));
            }
        }
        return scores;
    }
}
