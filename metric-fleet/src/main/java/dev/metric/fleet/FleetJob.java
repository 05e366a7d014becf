package dev.metric.fleet;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Kubernetes Job that runs a fleet: {@code completionMode: Indexed}, so that the Job controller
 * gives each of the N pods its own index in {@value #INDEX_ENV}, the contract from which each
 * generator takes its run id and seed ({@code --index-env}). Every pod begins its traffic at the
 * same {@code --start-at} and prints its JSON result and interval log into its log as framed blocks
 * ({@code --print-results}), where the fleet reads them back.
 *
 * <p>One failed pod must not end the others: each index gets no retry ({@code backoffLimitPerIndex:
 * 0}, Kubernetes 1.29 and later; a retry would start after the common start time and measure
 * alone) and every index may fail ({@code maxFailedIndexes: N}), so the rest run on and are merged.
 * Pods prefer distinct nodes: generators that share a node share its CPU and its network.
 */
public final class FleetJob {

    /** Where Kubernetes puts a pod's index in an Indexed Job. */
    public static final String INDEX_ENV = "JOB_COMPLETION_INDEX";
    /** Where a generator reads the server's password: metric's own variable. */
    public static final String PASSWORD_ENV = "METRIC_PASSWORD";
    /** The label on the Job and its pods that names the fleet. */
    public static final String FLEET_LABEL = "metric.dev/fleet";
    /** The annotation on each pod with its index, set by the Job controller. */
    public static final String INDEX_ANNOTATION = "batch.kubernetes.io/job-completion-index";
    /**
     * How long after the fleet stops waiting (the start time plus the run limit) Kubernetes ends
     * the Job itself: late enough that the fleet reads the unfinished pods' logs first, soon enough
     * that a fleet that died leaves no pods behind.
     */
    public static final Duration JOB_GRACE = Duration.ofMinutes(5);
    static final String CONTAINER = "metric";
    static final String RESULTS_DIR = "/metric-results";
    private static final KubernetesSerialization YAML = new KubernetesSerialization();

    private FleetJob() {
    }

    /**
     * The command line of every generator: the spec's own, then what makes it one of the fleet.
     * The same in a pod and in a local simulation, with {@value #INDEX_ENV} set.
     *
     * @param resultsDir where the generator writes the files it prints
     */
    public static List<String> generatorArgs(FleetSpec spec, String resultsDir) {
        List<String> args = new ArrayList<>(spec.generatorArgs());
        args.addAll(List.of("--run-id", spec.name(), "--index-env", INDEX_ENV,
                "--start-at", spec.startAt().toString(),
                "--json", resultsDir + "/result.json", "--hdr-log", resultsDir + "/result.hlog", "--print-results"));
        return args;
    }

    /**
     * The Job, its deadline counted from {@code now}: until the start time, then the run limit and
     * {@link #JOB_GRACE}.
     */
    public static Job of(FleetSpec spec, Instant now) {
        long deadlineSec = Duration.between(now, spec.startAt()).plus(spec.runLimit()).plus(JOB_GRACE).toSeconds();
        Map<String, String> labels = labels(spec);
        return new JobBuilder()
                .withNewMetadata()
                    .withName(spec.name())
                    .withNamespace(spec.namespace())
                    .withLabels(labels)
                .endMetadata()
                .withNewSpec()
                    .withCompletionMode("Indexed")
                    .withCompletions(spec.generators())
                    .withParallelism(spec.generators())
                    .withBackoffLimitPerIndex(0)
                    .withMaxFailedIndexes(spec.generators())
                    .withActiveDeadlineSeconds(deadlineSec)
                    .withTemplate(podTemplate(spec, labels))
                .endSpec()
                .build();
    }

    /** The Job as YAML, for {@code kubectl apply -f -}. */
    public static String yaml(Job job) {
        return YAML.asYaml(job);
    }

    /** The labels of the Job and of its pods: the pods are found by the fleet's own. */
    static Map<String, String> labels(FleetSpec spec) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("app.kubernetes.io/name", "metric");
        labels.put("app.kubernetes.io/component", "load-generator");
        labels.put(FLEET_LABEL, spec.name());
        return labels;
    }

    private static PodTemplateSpec podTemplate(FleetSpec spec, Map<String, String> labels) {
        List<Volume> volumes = new ArrayList<>();
        volumes.add(new VolumeBuilder().withName("results").withNewEmptyDir().endEmptyDir().build());
        for (int i = 0; i < spec.claims().size(); i++) {
            volumes.add(new VolumeBuilder().withName(claimVolume(i)).withNewPersistentVolumeClaim()
                    .withClaimName(spec.claims().get(i).claim()).withReadOnly(true).endPersistentVolumeClaim()
                    .build());
        }
        return new PodTemplateSpecBuilder()
                .withNewMetadata()
                    .withLabels(labels)
                .endMetadata()
                .withNewSpec()
                    .withRestartPolicy("Never")
                    .withNewAffinity()
                        .withNewPodAntiAffinity()
                            .addNewPreferredDuringSchedulingIgnoredDuringExecution()
                                .withWeight(100)
                                .withNewPodAffinityTerm()
                                    .withTopologyKey("kubernetes.io/hostname")
                                    .withNewLabelSelector()
                                        .addToMatchLabels(FLEET_LABEL, spec.name())
                                    .endLabelSelector()
                                .endPodAffinityTerm()
                            .endPreferredDuringSchedulingIgnoredDuringExecution()
                        .endPodAntiAffinity()
                    .endAffinity()
                    .addToContainers(container(spec))
                    .withVolumes(volumes)
                .endSpec()
                .build();
    }

    private static Container container(FleetSpec spec) {
        FleetSpec.Resources resources = spec.resources();
        ContainerBuilder container = new ContainerBuilder();
        if (spec.passwordSecret() != null) {
            String[] secretKey = spec.passwordSecret().split(":", 2);
            container.addNewEnv().withName(PASSWORD_ENV).withNewValueFrom().withNewSecretKeyRef()
                    .withName(secretKey[0]).withKey(secretKey[1]).endSecretKeyRef().endValueFrom().endEnv();
        }
        return container
                .withName(CONTAINER)
                .withImage(spec.image())
                .withArgs(generatorArgs(spec, RESULTS_DIR))
                // the JVM's default heap is a quarter of the container's memory
                .addNewEnv().withName("JAVA_TOOL_OPTIONS").withValue("-XX:MaxRAMPercentage=75").endEnv()
                .withNewResources()
                    .withRequests(quantities(resources.cpuRequest(), resources.memoryRequest()))
                    .withLimits(quantities(resources.cpuLimit(), resources.memoryLimit()))
                .endResources()
                .addNewVolumeMount().withName("results").withMountPath(RESULTS_DIR).endVolumeMount()
                .addAllToVolumeMounts(claimMounts(spec))
                .build();
    }

    /** The name of the pod's volume of the {@code i}-th claim. */
    private static String claimVolume(int i) {
        return "claim-" + i;
    }

    /** The user's claims, each mounted read-only where it was asked for. */
    private static List<VolumeMount> claimMounts(FleetSpec spec) {
        List<VolumeMount> mounts = new ArrayList<>();
        for (int i = 0; i < spec.claims().size(); i++) {
            mounts.add(new VolumeMountBuilder().withName(claimVolume(i)).withMountPath(spec.claims().get(i).path())
                    .withReadOnly(true).build());
        }
        return mounts;
    }

    private static Map<String, Quantity> quantities(String cpu, String memory) {
        Map<String, Quantity> quantities = new LinkedHashMap<>();
        if (cpu != null) {
            quantities.put("cpu", new Quantity(cpu));
        }
        if (memory != null) {
            quantities.put("memory", new Quantity(memory));
        }
        return quantities;
    }
}
