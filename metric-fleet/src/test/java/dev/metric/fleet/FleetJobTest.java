package dev.metric.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobSpec;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FleetJobTest {

    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
    private static final Instant START = Instant.parse("2026-11-24T10:02:00Z");

    static FleetSpec spec(int generators) {
        return new FleetSpec("cache-bench", "perf", "registry.example/metric:0.1.0", generators, START,
                Duration.ofMinutes(3), List.of("mode2", "8", "100", "--host", "cache.svc", "--rate", "20000"),
                new FleetSpec.Resources("2", null, "1Gi", "1Gi"), "cache-auth:password");
    }

    @Test
    void theJobIsIndexedWithOnePodPerGeneratorAllAtOnceAndNoRetry() {
        JobSpec job = FleetJob.of(spec(4), NOW).getSpec();

        assertEquals("Indexed", job.getCompletionMode());
        assertEquals(4, job.getCompletions());
        assertEquals(4, job.getParallelism());
        assertEquals(0, job.getBackoffLimitPerIndex());
        assertEquals(4, job.getMaxFailedIndexes(), "one failed generator does not end the others");
        assertEquals("Never", job.getTemplate().getSpec().getRestartPolicy());
        // 2 min to the start, 3 min of run limit, 5 min for the fleet to read the logs first
        assertEquals(600L, job.getActiveDeadlineSeconds());
    }

    @Test
    void everyPodRunsTheGeneratorWithTheIndexContractTheStartTimeAndItsResultsPrinted() {
        Container container = FleetJob.of(spec(4), NOW).getSpec().getTemplate().getSpec().getContainers().get(0);

        assertEquals("registry.example/metric:0.1.0", container.getImage());
        assertEquals(List.of("mode2", "8", "100", "--host", "cache.svc", "--rate", "20000",
                "--run-id", "cache-bench", "--index-env", "JOB_COMPLETION_INDEX",
                "--start-at", "2026-11-24T10:02:00Z",
                "--json", "/metric-results/result.json", "--hdr-log", "/metric-results/result.hlog",
                "--print-results"), container.getArgs());
        assertEquals("/metric-results", container.getVolumeMounts().get(0).getMountPath());
    }

    @Test
    void thePasswordComesFromTheSecretNeverFromTheCommandLine() {
        Container container = FleetJob.of(spec(2), NOW).getSpec().getTemplate().getSpec().getContainers().get(0);

        var password = container.getEnv().stream().filter(env -> env.getName().equals("METRIC_PASSWORD")).findFirst()
                .orElseThrow().getValueFrom().getSecretKeyRef();
        assertEquals("cache-auth", password.getName());
        assertEquals("password", password.getKey());
    }

    @Test
    void resourcesAreWhatWasAskedAndNothingElse() {
        Container container = FleetJob.of(spec(2), NOW).getSpec().getTemplate().getSpec().getContainers().get(0);

        assertEquals(Map.of("cpu", new Quantity("2"), "memory", new Quantity("1Gi")),
                container.getResources().getRequests());
        assertEquals(Map.of("memory", new Quantity("1Gi")), container.getResources().getLimits(),
                "no CPU limit unless asked: a CFS quota would be measured as server latency");
    }

    @Test
    void podsAreLabelledWithTheFleetAndPreferDistinctNodes() {
        Job job = FleetJob.of(spec(2), NOW);

        assertEquals("cache-bench", job.getSpec().getTemplate().getMetadata().getLabels().get(FleetJob.FLEET_LABEL));
        var term = job.getSpec().getTemplate().getSpec().getAffinity().getPodAntiAffinity()
                .getPreferredDuringSchedulingIgnoredDuringExecution().get(0).getPodAffinityTerm();
        assertEquals("kubernetes.io/hostname", term.getTopologyKey());
        assertEquals(Map.of(FleetJob.FLEET_LABEL, "cache-bench"), term.getLabelSelector().getMatchLabels());
    }

    @Test
    void theYamlReadsBackAsTheSameJob() {
        Job job = FleetJob.of(spec(3), NOW);

        String yaml = FleetJob.yaml(job);

        assertTrue(yaml.contains("completionMode: \"Indexed\""), yaml);
        assertEquals(job, new KubernetesSerialization().unmarshal(yaml, Job.class));
    }

    @Test
    void badSpecsAreRefusedNamingTheOption() {
        assertEquals("--name must be 1 to 52 lower-case letters, digits and '-', starting and ending with a letter"
                + " or digit (a Kubernetes name with room for the pods' suffix), got 'Cache_Bench'",
                assertThrows(IllegalArgumentException.class, () -> new FleetSpec("Cache_Bench", "perf", "img", 2,
                        START, Duration.ofMinutes(1), List.of("mode2"), new FleetSpec.Resources(null, null, null,
                        null), null)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FleetSpec("a", "perf", "img", 0, START,
                Duration.ofMinutes(1), List.of("mode2"), new FleetSpec.Resources(null, null, null, null), null))
                .getMessage().startsWith("--generators must be 1..1000"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FleetSpec("a", "perf", "img", 1, START,
                Duration.ofMinutes(1), List.of("mode2"), new FleetSpec.Resources(null, null, null, null), "auth"))
                .getMessage().startsWith("--password-secret must be SECRET:KEY"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FleetSpec.Resources("2 cores", null, null,
                null)).getMessage().startsWith("--cpu must be a Kubernetes quantity"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FleetSpec.ClaimMount.parse("traces:relative"))
                .getMessage().startsWith("--volume must be CLAIM:PATH"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FleetSpec("a", "perf", "img", 1, START,
                Duration.ofMinutes(1), List.of("replay"), new FleetSpec.Resources(null, null, null, null), null,
                List.of(new FleetSpec.ClaimMount("a", "/t"), new FleetSpec.ClaimMount("b", "/t"))))
                .getMessage().startsWith("--volume: two volumes at one path"));
    }

    /** The user's claims are mounted read-only where asked, beside the results' own volume, which stays first. */
    @Test
    void everyPodMountsTheClaimsReadOnlyAtTheirPaths() {
        FleetSpec spec = new FleetSpec("replays", "perf", "img", 2, START, Duration.ofMinutes(30),
                List.of("replay", "/traces/ops.trace", "--host", "cache.svc"), new FleetSpec.Resources(null, null,
                null, null), null, List.of(FleetSpec.ClaimMount.parse("traces:/traces"),
                FleetSpec.ClaimMount.parse("more.traces:/data/more")));
        var pod = FleetJob.of(spec, NOW).getSpec().getTemplate().getSpec();

        assertEquals(List.of("results", "claim-0", "claim-1"), pod.getVolumes().stream().map(v -> v.getName())
                .toList());
        assertEquals("traces", pod.getVolumes().get(1).getPersistentVolumeClaim().getClaimName());
        assertEquals("more.traces", pod.getVolumes().get(2).getPersistentVolumeClaim().getClaimName());
        assertTrue(pod.getVolumes().get(1).getPersistentVolumeClaim().getReadOnly());
        var mounts = pod.getContainers().get(0).getVolumeMounts();
        assertEquals(List.of("/metric-results", "/traces", "/data/more"), mounts.stream().map(m -> m.getMountPath())
                .toList());
        assertEquals(List.of(false, true, true), mounts.stream().map(m -> Boolean.TRUE.equals(m.getReadOnly()))
                .toList());
    }
}
