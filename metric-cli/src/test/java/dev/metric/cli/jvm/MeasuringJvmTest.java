package dev.metric.cli.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class MeasuringJvmTest {

    private static final String MAIN = "dev.metric.cli.MetricCli";
    private static final Supplier<MeasuringJvm.Facts> PLAIN = MeasuringJvmTest::plain;

    private static MeasuringJvm.Facts facts(List<String> options, boolean hugePages, Optional<String> setsid,
                                            Map<String, String> environment) {
        return new MeasuringJvm.Facts(options, 6L << 30, hugePages, "/jdk/bin/java", "metric.jar", setsid,
                environment);
    }

    private static MeasuringJvm.Facts plain() {
        return facts(List.of(), true, Optional.of("/usr/bin/setsid"), Map.of());
    }

    @Test
    void aMeasuringCommandRunsInItsOwnSessionWithTheSerialCollectorAndHalfTheHeapYoung() {
        assertEquals(Optional.of(List.of("/usr/bin/setsid", "/jdk/bin/java", "-XX:+UseSerialGC", "-Xmx6144m",
                        "-Xmn3072m", "-XX:+UseTransparentHugePages", "-cp", "metric.jar", MAIN, "mode2", "4", "100",
                        "--rate", "40000")),
                MeasuringJvm.METRIC.command(new String[] {"mode2", "4", "100", "--rate", "40000"}, MAIN, PLAIN));
    }

    @Test
    void hugePagesAreAskedForOnlyWhereTheKernelGivesThemOnRequest() {
        List<String> command = MeasuringJvm.METRIC.command(new String[] {"mode1", "2", "1"}, MAIN,
                () -> facts(List.of(), false, Optional.of("/usr/bin/setsid"), Map.of())).orElseThrow();

        assertEquals(List.of("-XX:+UseSerialGC", "-Xmx6144m", "-Xmn3072m"), command.subList(2, 5));
        assertTrue(command.stream().noneMatch(option -> option.contains("HugePages")), command.toString());
    }

    @Test
    void everyCommandThatMeasuresForks() {
        for (String command : List.of("mode1", "mode2", "run", "bench", "replay", "sweep")) {
            assertTrue(MeasuringJvm.METRIC.command(new String[] {command}, MAIN, PLAIN).isPresent(), command);
        }
    }

    @Test
    void commandsThatDoNotMeasureRunHere() {
        for (String command : List.of("report", "compare", "merge", "trace", "fleet", "help", "--version", "-h")) {
            assertEquals(Optional.empty(), MeasuringJvm.METRIC.command(new String[] {command}, MAIN, PLAIN), command);
        }
        assertEquals(Optional.empty(), MeasuringJvm.METRIC.command(new String[0], MAIN, PLAIN));
    }

    /** Reading the JVM's beans is start-up time: a command that does not measure never asks. */
    @Test
    void aCommandThatDoesNotMeasureNeverAsksForTheJvmsFacts() {
        Supplier<MeasuringJvm.Facts> refusing = () -> {
            throw new AssertionError("the facts were asked for");
        };

        assertEquals(Optional.empty(), MeasuringJvm.METRIC.command(new String[] {"report", "a.json"}, MAIN, refusing));
    }

    @Test
    void aJvmStartedWithOptionsOfTheUsersIsKept() {
        for (String option : List.of("-Xmx256m", "-agentpath:/opt/async-profiler/libasyncProfiler.so=start",
                "-Xlog:gc:file=gc.log", "-Dsome.property=1")) {
            assertEquals(Optional.empty(), MeasuringJvm.METRIC.command(new String[] {"mode2"}, MAIN,
                    () -> facts(List.of(option), true, Optional.of("/usr/bin/setsid"), Map.of())), option);
        }
    }

    @Test
    void metricForkZeroOrNoSetsidRunsHere() {
        assertEquals(Optional.empty(), MeasuringJvm.METRIC.command(new String[] {"mode2"}, MAIN,
                () -> facts(List.of(), true, Optional.of("/usr/bin/setsid"), Map.of(MeasuringJvm.FORK, "0"))));
        assertEquals(Optional.empty(), MeasuringJvm.METRIC.command(new String[] {"mode2"}, MAIN,
                () -> facts(List.of(), true, Optional.empty(), Map.of())));
        assertTrue(MeasuringJvm.METRIC.command(new String[] {"mode2"}, MAIN,
                () -> facts(List.of(), true, Optional.of("/usr/bin/setsid"), Map.of(MeasuringJvm.FORK, "1")))
                .isPresent());
    }
}
