package dev.metric.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fleet against fabric8's Kubernetes mock server in CRUD mode; the test plays the Job
 * controller and the kubelet, creating the pods and their logs.
 */
@EnableKubernetesMockClient(crud = true)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KubernetesFleetTest {

    private static final String NAMESPACE = "perf";

    KubernetesMockServer server;
    KubernetesClient client;

    private final List<String> progress = new CopyOnWriteArrayList<>();

    private KubernetesFleet fleet() {
        return new KubernetesFleet(client, Clock.systemUTC(), Duration.ofMillis(20), progress::add);
    }

    private static FleetSpec spec(String name, int generators, Duration runLimit) {
        return new FleetSpec(name, NAMESPACE, "metric:0.1.0", generators, Instant.now().plusMillis(200), runLimit,
                List.of("mode2", "8", "100", "--host", "cache.svc"), new FleetSpec.Resources("1", null, null, null),
                null);
    }

    /** A pod of the fleet as the Job controller makes it, in {@code phase}. */
    private static PodBuilder pod(String fleet, int index, String phase) {
        return new PodBuilder()
                .withNewMetadata()
                    .withName(fleet + "-" + index + "-x7k2p")
                    .withNamespace(NAMESPACE)
                    .addToLabels(FleetJob.FLEET_LABEL, fleet)
                    .addToAnnotations(FleetJob.INDEX_ANNOTATION, Integer.toString(index))
                .endMetadata()
                .withNewSpec()
                    .withNodeName("node-" + index)
                .endSpec()
                .withNewStatus()
                    .withPhase(phase)
                .endStatus();
    }

    private static Pod ended(String fleet, int index, String phase, int exitCode, String reason) {
        return pod(fleet, index, phase)
                .editStatus()
                    .addNewContainerStatus()
                        .withName("metric")
                        .withNewState()
                            .withNewTerminated().withExitCode(exitCode).withReason(reason).endTerminated()
                        .endState()
                    .endContainerStatus()
                .endStatus()
                .build();
    }

    private void create(Pod pod) {
        client.pods().inNamespace(NAMESPACE).resource(pod).create();
    }

    private void logOf(Pod pod, String log) {
        server.expect().get().withPath("/api/v1/namespaces/" + NAMESPACE + "/pods/" + pod.getMetadata().getName()
                + "/log?pretty=false").andReturn(200, log).always();
    }

    @Test
    void theJobIsCreatedInItsNamespaceAndASecondOfTheSameNameIsRefused() {
        FleetSpec spec = spec("cache-bench", 4, Duration.ofMinutes(1));

        fleet().create(spec);

        Job stored = client.batch().v1().jobs().inNamespace(NAMESPACE).withName("cache-bench").get();
        assertNotNull(stored);
        assertEquals("Indexed", stored.getSpec().getCompletionMode());
        assertEquals(4, stored.getSpec().getCompletions());
        assertTrue(stored.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs()
                .containsAll(List.of("--index-env", "JOB_COMPLETION_INDEX", "--start-at", spec.startAt().toString())));
        assertThrows(KubernetesClientException.class, () -> fleet().create(spec));
    }

    @Test
    void eachIndexEndsAsItsPodDidWithItsLogAndAMissingPodIsNamed() throws InterruptedException {
        FleetSpec spec = spec("bench", 3, Duration.ofSeconds(1));
        fleet().create(spec);
        Pod done = ended("bench", 0, "Succeeded", 0, "Completed");
        Pod failed = ended("bench", 1, "Failed", 3, "Error");
        create(done);
        create(failed);
        logOf(done, "report\nmetric-frame begin bench-0.json 2 abc\n");
        logOf(failed, "metric: cannot reach cache.svc:6379\n");

        List<GeneratorOutcome> outcomes = fleet().await(spec);

        assertEquals(3, outcomes.size());
        assertEquals(new GeneratorOutcome(0, "bench-0-x7k2p", "node-0", GeneratorOutcome.Ending.SUCCEEDED,
                "exit code 0 (Completed)", "report\nmetric-frame begin bench-0.json 2 abc\n"), outcomes.get(0));
        assertEquals(new GeneratorOutcome(1, "bench-1-x7k2p", "node-1", GeneratorOutcome.Ending.FAILED,
                "exit code 3 (Error)", "metric: cannot reach cache.svc:6379\n"), outcomes.get(1));
        assertEquals(GeneratorOutcome.Ending.MISSING, outcomes.get(2).ending());
        assertTrue(progress.stream().anyMatch(line -> line.startsWith("fleet bench: 3 generators: 1 waiting for a"
                + " node, 0 scheduled, 0 running, 1 done, 1 failed; ")), progress.toString());
        assertTrue(progress.stream().anyMatch(line -> line.startsWith("fleet bench: 1 generator(s) not started at"
                + " the start time")), progress.toString());
    }

    @Test
    void aPodNoNodeTookIsUnfinishedWithTheSchedulersReasonAndNoLogIsAskedFor() throws InterruptedException {
        FleetSpec spec = spec("bench", 1, Duration.ofMillis(300));
        fleet().create(spec);
        create(pod("bench", 0, "Pending")
                .editSpec().withNodeName(null).endSpec()
                .editStatus()
                    .addNewCondition().withType("PodScheduled").withStatus("False")
                        .withMessage("0/3 nodes are available: 3 Insufficient cpu.").endCondition()
                .endStatus()
                .build());

        GeneratorOutcome outcome = fleet().await(spec).get(0);

        assertEquals(new GeneratorOutcome(0, "bench-0-x7k2p", null, GeneratorOutcome.Ending.UNFINISHED,
                "waiting for a node: 0/3 nodes are available: 3 Insufficient cpu.", ""), outcome);
    }

    @Test
    void aGeneratorThatCannotStartIsGivenUpSoonAfterTheStartWithItsReasonShownAtOnce() throws InterruptedException {
        FleetSpec spec = spec("bench", 2, Duration.ofHours(1)); // the class's timeout fails a wait until the limit
        fleet().create(spec);
        create(pod("bench", 0, "Pending")
                .editStatus()
                    .addNewContainerStatus()
                        .withName("metric")
                        .withNewState()
                            .withNewWaiting().withReason("ImagePullBackOff")
                                .withMessage("Back-off pulling image \"metric:0.1.0\"").endWaiting()
                        .endState()
                    .endContainerStatus()
                .endStatus()
                .build());
        create(ended("bench", 1, "Succeeded", 0, "Completed"));

        List<GeneratorOutcome> outcomes = new KubernetesFleet(client, Clock.systemUTC(), Duration.ofMillis(20),
                progress::add, Duration.ofMillis(100)).await(spec);

        assertEquals(new GeneratorOutcome(0, "bench-0-x7k2p", "node-0", GeneratorOutcome.Ending.UNFINISHED,
                "ImagePullBackOff: Back-off pulling image \"metric:0.1.0\"", ""), outcomes.get(0));
        assertEquals(GeneratorOutcome.Ending.SUCCEEDED, outcomes.get(1).ending());
        assertEquals(1, progress.stream().filter(line -> line.equals("fleet bench: bench-0-x7k2p: ImagePullBackOff:"
                + " Back-off pulling image \"metric:0.1.0\"")).count(), "shown once: " + progress);
    }

    @Test
    void waitingEndsAsSoonAsTheLastPodHasEnded() throws InterruptedException {
        FleetSpec spec = spec("bench", 2, Duration.ofHours(1)); // the class's timeout fails a wait until the limit
        fleet().create(spec);
        create(pod("bench", 0, "Running").build());
        create(ended("bench", 1, "Succeeded", 0, "Completed"));
        Thread controller = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                return;
            }
            client.pods().inNamespace(NAMESPACE).resource(ended("bench", 0, "Succeeded", 0, "Completed")).update();
        });
        controller.start();

        List<GeneratorOutcome> outcomes = fleet().await(spec);

        controller.join();
        assertEquals(List.of(GeneratorOutcome.Ending.SUCCEEDED, GeneratorOutcome.Ending.SUCCEEDED),
                outcomes.stream().map(GeneratorOutcome::ending).toList());
        assertTrue(progress.stream().anyMatch(line -> line.contains(" 1 running, 1 done")), progress.toString());
    }

    @Test
    void aJobDeletedUnderTheFleetEndsTheWait() throws InterruptedException {
        FleetSpec spec = spec("bench", 1, Duration.ofHours(1));
        fleet().create(spec);
        create(pod("bench", 0, "Running").build());
        fleet().delete(spec);

        GeneratorOutcome outcome = fleet().await(spec).get(0);

        assertEquals(GeneratorOutcome.Ending.UNFINISHED, outcome.ending());
        assertTrue(progress.contains("fleet bench: the Job was deleted; reading what is left"), progress.toString());
    }

    @Test
    void deleteRemovesTheJob() {
        FleetSpec spec = spec("bench", 2, Duration.ofMinutes(1));
        fleet().create(spec);

        fleet().delete(spec);

        assertNull(client.batch().v1().jobs().inNamespace(NAMESPACE).withName("bench").get());
    }
}
