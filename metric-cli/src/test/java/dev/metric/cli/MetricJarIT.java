package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.report.ResultSchema;
import dev.metric.testkit.LocalRedisExtension;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The shaded jar as users run it: {@code java -jar metric.jar}. */
class MetricJarIT {

    private static final Path JAR = Path.of("target", "metric.jar");

    private static String run(String... args) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String[] command = new String[args.length + 3];
        command[0] = java;
        command[1] = "-jar";
        command[2] = JAR.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        return output;
    }

    /**
     * Values of 1 to 4 MB, 2.7 GB in all, written and every one of them checked by a JVM with a
     * 256 MB heap: nothing the run keeps grows with the values or their number.
     */
    @Test
    void valuesOfMegabytesAreCheckedInASmallHeap() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-Xmx256m", "-jar", JAR.toString(), "mode1", "2", "1",
                "--embedded", "--value-size", "1m-4m", "--reads", "200", "--warmup", "20")
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(300, TimeUnit.SECONDS));

        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("values 1m-4m B"), output);
        assertTrue(output.contains("1,024 of 1,024 keys intact; 0 missing"), output);
        assertTrue(output.matches("(?s).*max heap 2[0-9]{2} MiB.*"), "run under -Xmx256m: " + output);
        assertTrue(output.contains("options -Xmx256m\n"), "the JVM's options are printed with the result: " + output);
    }

    /**
     * A trace of more than 100 MB, replayed by a JVM of a 64 MB heap: read ahead of the lanes a few
     * thousand commands at a time, never whole (its 300,000 commands with their 150-byte keys alone
     * would take about 90 MB), with its values made as they are sent.
     */
    @Test
    void aTraceLargerThanTheHeapIsReplayedInIt(@TempDir Path directory) throws Exception {
        Path trace = directory.resolve("big.trace");
        String value = "v".repeat(300);
        String prefix = "k".repeat(140) + ":";
        try (var out = Files.newBufferedWriter(trace, StandardCharsets.US_ASCII)) {
            for (int i = 0; i < 100_000; i++) {
                out.write("SET " + prefix + i % 20_000 + " " + value + "\n");
                out.write("SET " + prefix + (i + 1) % 20_000 + " " + value + "\n");
                out.write("GET " + prefix + i % 20_000 + "\n");
            }
        }
        assertTrue(Files.size(trace) > 100_000_000L, "the trace outweighs the heap: " + Files.size(trace));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-Xmx64m", "-jar", JAR.toString(), "replay", trace.toString(),
                "--embedded", "--threads", "2", "--connections", "2",
                "--inflight", "4").redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(300, TimeUnit.SECONDS));

        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("warm-up  the trace's first 30,000 commands"), output);
        assertTrue(output.contains("all      270,000 of the trace's 300,000 commands measured"), output);
        assertTrue(output.contains("verify   100,000 key reads judged (warm-up included): 100,000 as the replay left"
                + " them"), output);
        assertTrue(output.matches("(?s).*max heap 6[0-9] MiB.*"), "run under -Xmx64m: " + output);
    }

    /** Whether {@code signal} is ignored by this process, by the SigIgn mask of /proc/self/status. */
    private static boolean ignoredHere(String signal) throws IOException {
        int number = switch (signal) {
            case "INT" -> 2;
            case "TERM" -> 15;
            default -> throw new IllegalArgumentException(signal);
        };
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).strip(), 16) & (1L << (number - 1))) != 0;
            }
        }
        return false;
    }

    @Test
    void versionComesFromTheManifest() throws Exception {
        assertTrue(Files.isRegularFile(JAR), "build the jar first: " + JAR.toAbsolutePath());
        String version = run("--version");
        assertTrue(version.startsWith("metric " + System.getProperty("metric.version", "")), version);
        assertTrue(version.matches("(?s)metric \\d+\\.\\d+\\.\\d+.*"), version);
    }

    /**
     * As users run it, {@code report} prints its table (picocli's stdout does not flush on exit), and a
     * mode1 and a mode2 run of the same client, pool and threads are two rows, not one.
     */
    @Test
    void reportPrintsItsTableAndKeepsUnlikeRunsApart(@TempDir Path directory) throws Exception {
        Path mode1 = directory.resolve("m1.json");
        Path mode2 = directory.resolve("m2.json");
        run("mode1", "1", "1", "--embedded", "--reads", "2000", "--warmup", "0", "-q", "--json", mode1.toString());
        run("mode2", "1", "1", "--embedded", "--duration", "1", "--warmup", "0", "-q", "--json", mode2.toString());

        String report = run("report", "--out", directory.resolve("report").toString(), mode1.toString(),
                mode2.toString());

        assertTrue(report.startsWith("# metric: 2 runs compared"), report);
        assertTrue(report.contains("\n| mode1, jedis, "), report);
        assertTrue(report.contains("\n| mode2, jedis, "), report);
    }

    /** Two real runs, each with its interval log beside its result, set side by side with a noise band. */
    @Test
    void compareSetsTwoRealRunsSideBySide(@TempDir Path directory) throws Exception {
        for (String name : new String[] {"a", "b"}) {
            run("mode2", "1", "1", "--embedded", "--duration", "6", "--warmup", "0", "-q", "--json",
                    directory.resolve(name + ".json").toString(), "--hdr-log", directory.resolve(name + ".hlog")
                            .toString());
        }

        String compared = run("compare", directory.resolve("a.json").toString(),
                directory.resolve("b.json").toString());

        assertTrue(compared.contains(" (mode2, 1 run, with its interval log), the baseline\n"), compared);
        assertTrue(compared.lines().anyMatch(line -> line.matches(
                "\\| ops/s \\| [0-9,]+ \\| [0-9,]+ \\| [-+][0-9.]+% (beyond|within) noise \\(±[0-9.]+%\\) \\|")),
                compared);
        assertTrue(compared.contains("| values | verified | verified |"), compared);
        assertTrue(compared.contains("\nverdict  B: "), compared);
    }

    @ParameterizedTest
    @CsvSource({"TERM, 143", "INT, 130"})
    void aSignalStopsTheRunWhichPrintsAndWritesWhatItMeasuredAndStopsItsLocalServer(String signal, int exitCode,
                                                                                  @TempDir Path directory)
            throws Exception {
        assumeFalse(ignoredHere(signal), "SIG" + signal + " is ignored by this JVM, and so by the metric it starts "
                + "(a shell runs background jobs so): the JVM then installs no handler for it");
        Path json = directory.resolve("stopped.json");
        Path stdout = directory.resolve("stdout.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-jar", JAR.toString(), "mode2", "2", "1",
                "--embedded", "--duration", "600", "--warmup", "0", "--json", json.toString())
                .redirectOutput(stdout.toFile())
                .start();
        int serverPort = -1;
        long signalledAt;
        try (BufferedReader err = new BufferedReader(
                new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line = err.readLine(); line != null; line = err.readLine()) {
                Matcher started = Pattern.compile("started redis .* on 127\\.0\\.0\\.1:(\\d+);").matcher(line);
                if (started.find()) {
                    serverPort = Integer.parseInt(started.group(1));
                }
                if (line.startsWith("measure: ") && line.contains(" ops/s")) {
                    break;
                }
            }
            assertTrue(serverPort > 0, "no local server was started");
            try (Socket probe = new Socket(InetAddress.getLoopbackAddress(), serverPort)) {
                assertTrue(probe.isConnected());
            }

            signalledAt = System.nanoTime();
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start().waitFor());
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "metric did not exit");
            System.out.printf("SIG%s: metric exited %.2f s after the signal%n", signal,
                    (System.nanoTime() - signalledAt) / 1e9);
            String rest = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(rest.contains("SIG" + signal + ": stopping"), rest);
        } finally {
            process.destroyForcibly();
        }
        assertEquals(exitCode, process.exitValue());
        String report = Files.readString(stdout);
        assertTrue(report.contains("STOPPED  early: interrupted by SIG" + signal), report);
        assertTrue(report.contains("result   FAILED: stopped early"), report);
        JsonNode result = ResultSchema.assertValid(json);
        assertEquals("interrupted by SIG" + signal, result.at("/faults/stoppedEarly").asText());
        assertTrue(result.at("/measured/all/count").asLong() > 0, result.toString());
        int port = serverPort;
        assertThrows(ConnectException.class, () -> new Socket(InetAddress.getLoopbackAddress(), port).close());
    }

    /**
     * A signal stops {@code metric suite} as a whole, not only the tool's run it arrives in: the suite it
     * stopped is left out of the table, the suites after it do not run, and metric exits 143.
     */
    @Test
    void aSignalStopsEverySuiteNotOnlyTheOneItArrivesIn(@TempDir Path directory) throws Exception {
        assumeFalse(ignoredHere("TERM"), "SIGTERM is ignored by this JVM, and so by the metric it starts");
        Path suites = Files.createDirectories(directory.resolve("suites"));
        for (String name : List.of("a-first", "b-second")) {
            Files.writeString(suites.resolve(name + ".yml"), """
                    version: 0.4
                    name: %s
                    dbconfig:
                      configuration-parameters:
                        save: '""'
                    redis-topologies:
                    - oss-standalone
                    clientconfig:
                      tool: memtier_benchmark
                      arguments: --ratio 0:1 --key-maximum 100 -c 1 -t 1 --test-time 600 --hide-histogram
                    """.formatted(name));
        }
        Path out = directory.resolve("out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-jar", JAR.toString(), "suite", "--embedded", "--out",
                out.toString(), suites.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String err;
        try {
            Path log = out.resolve("a-first.log");
            long waitingSince = System.nanoTime();
            while (!(Files.exists(log) && Files.readString(log).contains("\nrun: "))) {
                assertTrue(process.isAlive(), "metric suite ended before its first suite's run was under way");
                assertTrue(System.nanoTime() - waitingSince < TimeUnit.SECONDS.toNanos(120), "no run under way");
                Thread.sleep(50);
            }
            assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(process.pid())).start().waitFor());
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "metric suite did not exit");
            err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            process.destroyForcibly();
        }
        assertEquals(143, process.exitValue(), err);
        assertTrue(err.contains("metric suite: stopped by a signal in a-first, which is left out of the table"), err);
        assertFalse(Files.exists(out.resolve("b-second.log")), "the suite after the signal must not run");
        assertEquals(1, Files.readAllLines(out.resolve("suites.csv")).size(), "the table holds its header only");
    }

    /**
     * SIGKILL gives metric no chance to stop what it started: the servers' watchdogs must see it
     * gone. Bounded at 10 s so that a failure cannot hang the build; the time taken is printed.
     */
    @ParameterizedTest
    @CsvSource({"--embedded, 1", "--embedded-cluster=3, 3", "--embedded --protocol=memcached, 1"})
    void serversMetricStartedStopWhenItIsKilled(String options, int servers) throws Exception {
        if (options.contains("memcached")) {
            LocalRedisExtension.requireMemcached();
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-jar", JAR.toString(), "mode2", "2", "1"));
        command.addAll(List.of(options.split(" ")));
        command.addAll(List.of("--duration", "600", "--warmup", "0"));
        Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        List<Integer> ports = new ArrayList<>();
        try (BufferedReader err = new BufferedReader(
                new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            // The servers are started and named before the preload begins.
            for (String line = err.readLine(); line != null && ports.isEmpty() && !line.startsWith("preload");
                 line = err.readLine()) {
                int started = line.indexOf("started ");
                if (started >= 0) {
                    Matcher port = Pattern.compile("127\\.0\\.0\\.1:(\\d+)").matcher(line.substring(started));
                    while (port.find()) {
                        ports.add(Integer.parseInt(port.group(1)));
                    }
                }
            }
            assertEquals(servers, ports.size(), "the ports of the servers metric started");
            for (int port : ports) {
                new Socket(InetAddress.getLoopbackAddress(), port).close();
            }

            process.destroyForcibly(); // SIGKILL
            assertTrue(process.waitFor(10, TimeUnit.SECONDS));
        } finally {
            process.destroyForcibly();
        }
        long killedAt = System.nanoTime();
        for (int port : ports) {
            while (answers(port) && System.nanoTime() - killedAt < TimeUnit.SECONDS.toNanos(10)) {
                Thread.sleep(20);
            }
            assertFalse(answers(port), "a server metric started outlived it, on port " + port);
        }
        System.out.printf("SIGKILL: %d server(s) metric started gone %.2f s after it%n", servers,
                (System.nanoTime() - killedAt) / 1e9);
    }

    /**
     * Whether something still listens on {@code port}. A connection reset while connecting means
     * a listener that is closing as the probe arrives: it counts as still there, and the caller
     * asks again until the port refuses.
     */
    private static boolean answers(int port) throws IOException {
        try (Socket probe = new Socket(InetAddress.getLoopbackAddress(), port)) {
            return probe.isConnected();
        } catch (ConnectException refused) {
            return false;
        } catch (SocketException closing) {
            return true;
        }
    }

    /**
     * {@code java -jar metric.jar} with no JVM options of the user's measures in a JVM of metric's
     * own, and the result names its options; {@code METRIC_FORK=0} keeps the run in the JVM started.
     */
    @Test
    void aRunMeasuresInTheMeasuringJvmUnlessToldNotTo() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-jar", JAR.toString(), "mode2", "1", "1", "--embedded",
                "--duration", "1", "--warmup", "0", "-q");
        String forked = run(new ProcessBuilder(command));
        assertTrue(forked.matches("(?s).*\\n {9}options -XX:\\+UseSerialGC -Xmx[0-9]+m -Xmn[0-9]+m"
                + "( -XX:\\+UseTransparentHugePages)?\\n.*"), forked);

        ProcessBuilder here = new ProcessBuilder(command);
        here.environment().put("METRIC_FORK", "0");
        here.environment().remove("JAVA_TOOL_OPTIONS");
        String notForked = run(here);
        assertTrue(notForked.contains("\n         options none\n"), notForked);
    }

    private static String run(ProcessBuilder builder) throws IOException, InterruptedException {
        Process process = builder.redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        return output;
    }

    @Test
    void helpRunsFromTheJar() throws Exception {
        assertTrue(run("mode1", "--help").contains("Usage: metric mode1"));
    }
}
