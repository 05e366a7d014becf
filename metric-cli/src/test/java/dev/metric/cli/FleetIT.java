package dev.metric.cli;

import static dev.metric.cli.MergedReport.between;
import static dev.metric.cli.MergedReport.cells;
import static dev.metric.cli.MergedReport.number;
import static dev.metric.cli.MergedReport.responses;
import static dev.metric.cli.MergedReport.window;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.breakdown.CommandStats;
import dev.metric.fleet.FleetJob;
import dev.metric.fleet.FleetResults;
import dev.metric.fleet.FleetSpec;
import dev.metric.fleet.GeneratorOutcome;
import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisServer;
import dev.metric.server.ServerInfo;
import dev.metric.testkit.LocalRedisExtension;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * {@code metric fleet} end to end. First a local simulation of the same code path: three metric
 * processes on this machine with {@code JOB_COMPLETION_INDEX} set, running the command line the
 * Job gives its pods against one real redis-server, their output kept as a pod's log would be and
 * merged by the fleet's merge. Then the command itself against fabric8's Kubernetes mock server,
 * the test playing the Job controller with those same logs.
 */
@ExtendWith(LocalRedisExtension.class)
@EnableKubernetesMockClient(https = false, crud = true)
class FleetIT {

    private static final String FLEET = "fleet-it";
    private static final int GENERATORS = 3;
    private static final Path JAR = Path.of("target", "metric.jar");
    private static final String NAMESPACE = "perf";
    /** A reading before the server's first call: calls since it are the server's totals. */
    private static final CommandStats NO_CALLS = CommandStats.of(ServerInfo.parse(""));

    /**
     * The server's count of GET and SETEX calls, read with INFO commandstats: executed by the server
     * after the request was sent and before its reply came, so that every call it counts came before
     * {@code receivedEpochSec} and none it leaves out came before {@code sentEpochSec}.
     */
    private record Count(double sentEpochSec, double receivedEpochSec, long calls) {
    }

    @TempDir
    static Path directory;

    private static final List<GeneratorOutcome> OUTCOMES = new ArrayList<>();
    private static final List<Count> COUNTS = new ArrayList<>();
    private static LocalRedisServer redis;

    KubernetesMockServer server;
    KubernetesClient client;

    @BeforeAll
    static void runTheFleetAsProcessesOnThisMachine(LocalRedisServer local) throws Exception {
        redis = local;
        String port = Integer.toString(local.address().port());
        FleetSpec spec = new FleetSpec(FLEET, NAMESPACE, "unused", GENERATORS,
                Instant.now().plusSeconds(10).truncatedTo(ChronoUnit.SECONDS), Duration.ofMinutes(2),
                List.of("mode2", "2", "1", port, "--host", "127.0.0.1", "--rate", "1500", "--duration", "5",
                        "--warmup-time", "1", "--no-breakdown"),
                new FleetSpec.Resources(null, null, null, null), null);
        List<Process> processes = new ArrayList<>();
        for (int index = 0; index < GENERATORS; index++) {
            Path results = Files.createDirectories(directory.resolve("pod-" + index));
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-Xmx256m", "-jar", JAR.toString()));
            command.addAll(FleetJob.generatorArgs(spec, results.toString()));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(directory.resolve("pod-" + index + ".log").toFile());
            builder.environment().put(FleetJob.INDEX_ENV, Integer.toString(index));
            processes.add(builder.start());
        }
        CompletableFuture<Void> counting = CompletableFuture.runAsync(() -> countCalls(processes));
        for (int index = 0; index < GENERATORS; index++) {
            Process process = processes.get(index);
            assertTrue(process.waitFor(120, TimeUnit.SECONDS), "generator " + index + " ended");
            int exit = process.exitValue();
            OUTCOMES.add(new GeneratorOutcome(index, "process " + process.pid(), "localhost",
                    exit == 0 ? GeneratorOutcome.Ending.SUCCEEDED : GeneratorOutcome.Ending.FAILED,
                    "exit code " + exit, Files.readString(directory.resolve("pod-" + index + ".log"))));
        }
        counting.get(10, TimeUnit.SECONDS);
    }

    /** Reads the server's calls every 50 ms, with when each request went and its reply came, until the runs end. */
    private static void countCalls(List<Process> processes) {
        try (Jedis jedis = new Jedis("127.0.0.1", redis.address().port())) {
            while (processes.stream().anyMatch(Process::isAlive)) {
                double sent = System.currentTimeMillis() / 1000.0;
                CommandStats stats = CommandStats.of(ServerInfo.parse(jedis.info("commandstats")));
                double received = System.currentTimeMillis() / 1000.0;
                synchronized (COUNTS) {
                    COUNTS.add(new Count(sent, received, stats.callsSince(NO_CALLS, "get")
                            + stats.callsSince(NO_CALLS, "setex")));
                }
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The calls the server counted from {@code fromEpochSec} to {@code toEpochSec} at the least: from
     * the last count whose reply came before the first moment to the first count sent after the second.
     */
    private static long callsAtLeastOver(double fromEpochSec, double toEpochSec) {
        synchronized (COUNTS) {
            Count before = COUNTS.stream().filter(count -> count.receivedEpochSec() <= fromEpochSec)
                    .reduce((first, second) -> second).orElseThrow(() -> new AssertionError("no count before "
                            + fromEpochSec));
            Count after = COUNTS.stream().filter(count -> count.sentEpochSec() >= toEpochSec).findFirst()
                    .orElseThrow(() -> new AssertionError("no count after " + toEpochSec));
            return after.calls() - before.calls();
        }
    }

    @Test
    void everyGeneratorTookItsRunIdAndSeedFromItsIndexAndWroteKeysOfItsOwn() throws IOException {
        for (GeneratorOutcome outcome : OUTCOMES) {
            assertEquals(GeneratorOutcome.Ending.SUCCEEDED, outcome.ending(), outcome.log());
            var json = ResultSchema.assertValid(directory.resolve("pod-" + outcome.index()).resolve("result.json"));
            assertEquals(FLEET + "-" + outcome.index(), json.path("runId").asText());
            assertEquals(1 + outcome.index(), json.at("/config/data/seed").asLong());
        }
        try (Jedis jedis = new Jedis("127.0.0.1", redis.address().port())) {
            assertEquals(GENERATORS * 1024L + 1, jedis.dbSize(), "1024 keys each, none shared, and one marker of"
                    + " the prefix they share");
        }
    }

    @Test
    void theMergeIsOneHistogramOfTheCommonWindowAtTheRateTheServerCounted() throws IOException {
        FleetResults.Report report = FleetResults.collect(FLEET, GENERATORS, OUTCOMES, directory.resolve("local"));

        assertTrue(report.passed(), report.text());
        double[] window = window(report.text());
        Histogram expected = new Histogram(3);
        for (int index = 0; index < GENERATORS; index++) {
            // the interval log each process wrote itself, not the copy that came through its log
            expected.add(responses(directory.resolve("pod-" + index).resolve("result.hlog"), window[0] - 0.0005,
                    window[1] + 0.0005));
        }
        String[] total = cells(report.text(), "| all " + GENERATORS + " |");
        assertEquals(expected.getTotalCount(), Long.parseLong(between(report.text(), "merged into one (",
                " responses)").replace(",", "")), report.text());
        assertEquals(String.format("%.3f", expected.getValueAtPercentile(99) / 1e6), total[8], report.text());
        double summed = 0;
        for (int index = 0; index < GENERATORS; index++) {
            summed += number(cells(report.text(), "| " + FLEET + "-" + index + " |")[5]);
        }
        assertEquals(summed, number(total[5]), GENERATORS, "the merged rate is the generators' summed: "
                + report.text());
        // Each merged response's call was counted by the server over the window, but for the requests in
        // flight as it opened (2 threads of each generator, one request at a time): none is invented.
        assertTrue(callsAtLeastOver(window[0], window[1]) >= expected.getTotalCount() - GENERATORS * 2,
                "the server counted the merged responses' calls: " + report.text());
        assertTrue(window[2] >= 3, "the three measured together for most of their 5 s: " + report.text());
    }

    /** A Kubernetes configuration for the mock server, its context in {@value #NAMESPACE}. */
    private Path kubeconfig() throws IOException {
        return kubeconfig(client.getMasterUrl().toString());
    }

    private static Path kubeconfig(String server) throws IOException {
        return Files.writeString(directory.resolve("kubeconfig-" + System.nanoTime()), String.join("\n",
                "apiVersion: v1", "kind: Config", "current-context: test",
                "clusters:", "- name: test", "  cluster:", "    server: " + server,
                "contexts:", "- name: test", "  context:", "    cluster: test", "    user: tester",
                "    namespace: " + NAMESPACE,
                "users:", "- name: tester", "  user:", "    token: unused", ""));
    }

    /**
     * The Job controller and the kubelet: once the fleet's Job is there, its pods end as {@code exits}
     * say. On a thread of its own, not the common pool, which has one thread on a machine of two cores
     * and which a controller still waiting for a Job that never came would keep from the next test.
     */
    private CompletableFuture<Job> playTheJobController(String fleet, Map<Integer, Integer> exits,
                                                        Map<Integer, String> logs) {
        return CompletableFuture.supplyAsync(() -> {
            Job job;
            while ((job = client.batch().v1().jobs().inNamespace(NAMESPACE).withName(fleet).get()) == null) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            exits.forEach((index, exit) -> {
                String pod = fleet + "-" + index + "-x7k2p";
                server.expect().get().withPath("/api/v1/namespaces/" + NAMESPACE + "/pods/" + pod + "/log?pretty=false")
                        .andReturn(200, logs.get(index)).always();
                client.pods().inNamespace(NAMESPACE).resource(pod(fleet, index, pod, exit)).create();
            });
            return job;
        }, task -> {
            Thread controller = new Thread(task, "job-controller");
            controller.setDaemon(true);
            controller.start();
        });
    }

    /** The Job the controller saw; a fleet that created none fails the test with what it printed. */
    private static Job jobSeenBy(CompletableFuture<Job> controller, CliRun run) throws Exception {
        try {
            return controller.get(10, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("no Job was created; the fleet printed: " + run.out() + run.err(), e);
        }
    }

    private static Pod pod(String fleet, int index, String name, int exit) {
        return new PodBuilder()
                .withNewMetadata()
                    .withName(name)
                    .addToLabels(FleetJob.FLEET_LABEL, fleet)
                    .addToAnnotations(FleetJob.INDEX_ANNOTATION, Integer.toString(index))
                .endMetadata()
                .withNewSpec().withNodeName("node-" + index).endSpec()
                .withNewStatus()
                    .withPhase(exit == 0 ? "Succeeded" : "Failed")
                    .addNewContainerStatus()
                        .withName("metric")
                        .withNewState()
                            .withNewTerminated().withExitCode(exit).withReason(exit == 0 ? "Completed" : "Error")
                            .endTerminated()
                        .endState()
                    .endContainerStatus()
                .endStatus()
                .build();
    }

    private CliRun fleet(Path kubeconfig, Path out, int generators, String... extra) {
        List<String> args = new ArrayList<>(List.of("fleet", "--kubeconfig", kubeconfig.toString(), "--generators",
                Integer.toString(generators), "--image", "registry.example/metric:it", "--name", FLEET,
                "--start-in", "1m", "--run-limit", "20s", "--poll", "50ms", "--out", out.toString()));
        args.addAll(List.of(extra));
        args.addAll(List.of("--", "mode2", "2", "1", "--host", "cache.svc", "--rate", "1500", "--duration", "5",
                "--warmup-time", "1", "--no-breakdown"));
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void theCommandCreatesTheJobMergesWhatThePodsPrintedNamesTheFailedOneAndDeletesTheJob() throws Exception {
        Path out = directory.resolve("cluster");
        CompletableFuture<Job> controller = playTheJobController(FLEET, Map.of(0, 0, 1, 0, 2, 3),
                Map.of(0, OUTCOMES.get(0).log(), 1, OUTCOMES.get(1).log(),
                        2, "start-at: waiting 0.4 s\nmetric mode2: cannot reach cache.svc:6379: Connection refused\n"));

        CliRun run = fleet(kubeconfig(), out, GENERATORS);

        Job job = jobSeenBy(controller, run);
        assertEquals("Indexed", job.getSpec().getCompletionMode());
        assertEquals(GENERATORS, job.getSpec().getCompletions());
        List<String> args = job.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs();
        assertEquals(List.of("mode2", "2", "1", "--host", "cache.svc"), args.subList(0, 5));
        assertEquals(FleetJob.INDEX_ENV, args.get(args.indexOf("--index-env") + 1));
        assertTrue(run.err().contains("traffic starts at " + args.get(args.indexOf("--start-at") + 1)), run.err());

        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().startsWith("metric fleet fleet-it: 2 of 3 generators returned results"), run.out());
        for (String row : List.of("| fleet-it-0 |", "| fleet-it-1 |", "| all 2 |")) {
            assertTrue(run.out().contains(row), row + " in " + run.out());
        }
        assertTrue(run.out().contains("failed   fleet-it-2: fleet-it-2-x7k2p on node-2: exit code 3 (Error); its last"
                + " line: metric mode2: cannot reach cache.svc:6379: Connection refused"), run.out());
        for (String file : List.of("fleet-it-0.json", "fleet-it-0.hlog", "fleet-it-1.json", "fleet-it-1.hlog",
                "fleet-it-2.log", "merged.md")) {
            assertTrue(Files.isRegularFile(out.resolve(file)), file);
        }
        assertEquals(Files.readString(directory.resolve("pod-1").resolve("result.json")),
                Files.readString(out.resolve("fleet-it-1.json")), "the JSON came through the log intact");
        assertTrue(run.err().contains("fleet: deleted Job fleet-it"), run.err());
        assertNull(client.batch().v1().jobs().inNamespace(NAMESPACE).withName(FLEET).get());
    }

    @Test
    void withKeepTheJobStaysAndOneGeneratorIsItsOwnMerge() throws Exception {
        Path out = directory.resolve("kept");
        playTheJobController(FLEET, Map.of(0, 0), Map.of(0, OUTCOMES.get(0).log()));

        CliRun run = fleet(kubeconfig(), out, 1, "--keep");

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("| all 1 |"), run.out());
        assertTrue(run.err().contains("fleet: kept Job fleet-it (kubectl delete job fleet-it -n perf)"), run.err());
        assertNotNull(client.batch().v1().jobs().inNamespace(NAMESPACE).withName(FLEET).get());
        client.batch().v1().jobs().inNamespace(NAMESPACE).withName(FLEET).delete();
    }

    @Test
    void anApiThatCannotBeReachedIsOneLineAndExitCode3() throws IOException {
        CliRun run = fleet(kubeconfig("http://127.0.0.1:9"), directory.resolve("never"), 2);

        assertEquals(3, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("metric fleet: the Kubernetes API at http://127.0.0.1:9/ did not create the"
                + " Job: "), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertFalse(Files.exists(directory.resolve("never")), "no empty --out left behind");
    }

    @Test
    void aJobOfTheSameNameIsLeftAloneAndTheUsageErrorSaysSo() throws IOException {
        FleetSpec other = new FleetSpec(FLEET, NAMESPACE, "other:1", 1, Instant.now().plusSeconds(60),
                Duration.ofMinutes(1), List.of("mode2"), new FleetSpec.Resources(null, null, null, null), null);
        Job existing = FleetJob.of(other, Instant.now());
        client.batch().v1().jobs().inNamespace(NAMESPACE).resource(existing).create();

        CliRun run = fleet(kubeconfig(), directory.resolve("twice"), 2);

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().endsWith("; choose another --name, or kubectl delete job fleet-it -n perf\n"), run.err());
        assertEquals("other:1", client.batch().v1().jobs().inNamespace(NAMESPACE).withName(FLEET).get().getSpec()
                .getTemplate().getSpec().getContainers().get(0).getImage(), "the existing Job is untouched");
        client.batch().v1().jobs().inNamespace(NAMESPACE).withName(FLEET).delete();
    }

    @Test
    void dryRunPrintsTheManifestAndCreatesNothing() throws IOException {
        CliRun run = fleet(kubeconfig(), directory.resolve("dry"), 4, "--dry-run");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("kind: \"Job\""), run.out());
        assertTrue(run.out().contains("completions: 4"), run.out());
        assertTrue(run.out().contains("namespace: \"perf\""), run.out());
        assertNull(client.batch().v1().jobs().inNamespace(NAMESPACE).withName(FLEET).get());
    }

    /** A fleet of {@code metric run} generators: their command line is checked and the Job runs it. */
    @Test
    void generatorsOfTheUsersOwnCommandsAreAFleetToo() throws IOException {
        CliRun run = CliRun.of("fleet", "--kubeconfig", kubeconfig().toString(), "--generators", "2", "--image",
                "registry.example/metric:it", "--name", FLEET, "--start-in", "1m", "--dry-run", "--", "run", "2", "1",
                "--host", "cache.svc", "--command", "GET __key__", "--rate", "1500", "--duration", "5");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("completions: 2"), run.out());
        assertTrue(run.out().contains("- \"run\"") && run.out().contains("- \"GET __key__\""), run.out());
        // The start a minute ahead (less the moments since it was set, whole seconds), then the run limit: 2 s of
        // warm-up and 5 s measured with the fleet's 10 minutes of slack, then 5 more minutes before the deadline.
        long deadline = Long.parseLong(MergedReport.between(run.out(), "activeDeadlineSeconds: ", "\n").strip());
        assertTrue(deadline == 59 + 7 + 600 + 300 || deadline == 60 + 7 + 600 + 300, run.out());
    }

    /**
     * A fleet of replays: the trace, checked at its path on this host, is mounted read-only at the
     * same path in every pod from the claim --volume names, and the run limit is the one of a run
     * that goes to its end rather than for a time.
     */
    @Test
    void replaysAreAFleetWithTheirTraceOnAVolume() throws IOException {
        Path traces = Files.createDirectories(directory.resolve("traces"));
        Path trace = Files.write(traces.resolve("ops.trace"), List.of("SET a 1", "GET a"));
        CliRun run = CliRun.of("fleet", "--kubeconfig", kubeconfig().toString(), "--generators", "2", "--image",
                "registry.example/metric:it", "--name", FLEET, "--start-in", "1m", "--volume",
                "traces:" + traces, "--dry-run", "--", "replay", trace.toString(), "--host", "cache.svc", "--rate",
                "500");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("- \"replay\"") && run.out().contains("- \"" + trace + "\""), run.out());
        assertTrue(run.out().contains("claimName: \"traces\""), run.out());
        assertTrue(run.out().contains("mountPath: \"" + traces + "\""), run.out());
        long deadline = Long.parseLong(MergedReport.between(run.out(), "activeDeadlineSeconds: ", "\n").strip());
        assertTrue(deadline == 59 + 1800 + 300 || deadline == 60 + 1800 + 300, run.out());
    }
}
