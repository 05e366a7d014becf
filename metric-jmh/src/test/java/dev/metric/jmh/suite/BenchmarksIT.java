package dev.metric.jmh.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.jmh.memcached.MemcachedClientBenchmark;
import dev.metric.testkit.LocalRedisExtension;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Every benchmark of the suite runs one short iteration, in this JVM, on two threads, and
 * reports a score: a benchmark that throws, or a setup that cannot start its server or connect,
 * fails here in seconds instead of in the suite.
 */
class BenchmarksIT {

    static Stream<Class<?>> benchmarkClasses() {
        return BenchmarkSuite.PARTS.stream().map(BenchmarkSuite.Part::benchmark).distinct();
    }

    @ParameterizedTest
    @MethodSource("benchmarkClasses")
    void everyBenchmarkMethodRunsAndScores(Class<?> benchmark) throws Exception {
        if (benchmark == MemcachedClientBenchmark.class) {
            LocalRedisExtension.requireMemcached();
        }
        Collection<RunResult> results = new Runner(new OptionsBuilder()
                .include("^" + Pattern.quote(benchmark.getName()) + "\\.")
                .forks(0)
                .threads(2)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(50))
                .param("keyBytes", "110")
                .param("valueBytes", "1100")
                .param("poolSize", "8")
                .shouldFailOnError(true)
                .build()).run();

        Set<String> methods = Arrays.stream(benchmark.getMethods())
                .filter(method -> method.isAnnotationPresent(Benchmark.class))
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> scored = new TreeSet<>();
        for (RunResult result : results) {
            String label = result.getParams().getBenchmark();
            double score = result.getPrimaryResult().getScore();
            assertTrue(Double.isFinite(score) && score > 0, label + " scored " + score);
            scored.add(label.substring(label.lastIndexOf('.') + 1));
        }
        assertEquals(methods, scored);
    }
}
