package dev.metric.jmh.suite;

import dev.metric.jmh.baseline.InProcessMapBenchmark;
import dev.metric.jmh.decode.DecodeBenchmark;
import dev.metric.jmh.encode.EncodeBenchmark;
import dev.metric.jmh.pool.PoolBenchmark;
import dev.metric.jmh.roundtrip.RoundTripBenchmark;
import dev.metric.jmh.workload.HarnessCostBenchmark;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * <p>Usage: {@code java -cp benchmarks.jar dev.metric.jmh.suite.BenchmarkSuite short|full <dir>}.
 * {@code short} is what {@code mvn verify} runs: one fork, one 200 ms warm-up and two 200 ms
 * measured iterations per benchmark, a few minutes on two cores, indicative rather than precise.
 * {@code full} runs {@value #FULL_FORKS} forks of each class's own iterations (3 × 1 s warm-up, 5 × 1 s
 * measured).
 */
public final class BenchmarkSuite {

    private static final TimeValue SHORT_ITERATION = TimeValue.milliseconds(200);
    /** Forks of the full suite: each a fresh JVM, so that one JIT's luck does not decide a figure. */
    static final int FULL_FORKS = 3;

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
        for (int threads : SummaryWriter.ROUND_TRIP_THREADS) {
            parts.add(new Part(InProcessMapBenchmark.class, threads));
        }
        for (int threads : SummaryWriter.POOL_THREADS) {
            parts.add(new Part(PoolBenchmark.class, threads));
        }
        for (int threads : SummaryWriter.ROUND_TRIP_THREADS) {
            parts.add(new Part(RoundTripBenchmark.class, threads));
        }
        return List.copyOf(parts);
    }

    public static void main(String[] args) throws IOException, RunnerException {
        if (args.length != 2 || !(args[0].equals("short") || args[0].equals("full"))) {
            System.err.println("usage: BenchmarkSuite short|full <results directory>");
            System.exit(2);
        }
        boolean full = args[0].equals("full");
        Path directory = Path.of(args[1]);
        Files.createDirectories(directory);
        deleteOldResults(directory);
        for (Part part : PARTS) {
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include("^" + Pattern.quote(part.benchmark().getName()) + "\\.")
                    .threads(part.threads())
                    .forks(full ? FULL_FORKS : 1)
                    .resultFormat(ResultFormatType.JSON)
                    .result(directory.resolve(part.fileName()).toString());
            if (!full) {
                options.warmupIterations(1).warmupTime(SHORT_ITERATION)
                        .measurementIterations(2).measurementTime(SHORT_ITERATION);
            }
            new Runner(options.build()).run();
            IterationMedians.annotate(directory.resolve(part.fileName()));
        }
        Path summary = directory.resolve("SUMMARY.md");
        Files.writeString(summary, SummaryWriter.write(readAll(directory), Machine.describe()), StandardCharsets.UTF_8);
        System.out.println("wrote " + summary);
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
