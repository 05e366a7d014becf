package dev.metric.fleet;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStateWaiting;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Runs a fleet on a Kubernetes cluster: creates its Job, waits while saying how many pods are
 * waiting for a node, scheduled, running, done and failed, then reads every pod's log, through the
 * pod-log API, which needs no volume, no exec into the pod and no ssh to its node, and works on any
 * cluster. It stops waiting at the start time plus the run limit; the Job's own deadline is later,
 * so that the fleet reads what the unfinished pods printed before Kubernetes ends them
 * ({@link FleetJob#JOB_GRACE}).
 */
public final class KubernetesFleet {

    private static final Duration QUIET_PROGRESS = Duration.ofSeconds(10);
    /**
     * How long after the start time a generator that has not started is given up on: one that
     * starts later refuses the past start time anyway, so waiting longer for it (an image that
     * cannot be pulled, no node with room) only keeps the others' results from the user.
     */
    private static final Duration START_GRACE = Duration.ofSeconds(30);
    /** Why a container waits that will not resolve by itself before the start time. */
    private static final Set<String> STUCK = Set.of("ErrImagePull", "ImagePullBackOff", "InvalidImageName",
            "CreateContainerConfigError", "CreateContainerError", "CrashLoopBackOff");

    private final KubernetesClient client;
    private final Clock clock;
    private final Duration poll;
    private final Consumer<String> progress;
    private final Duration startGrace;

    /**
     * @param poll     how often the pods are listed
     * @param progress where the lines saying how the fleet stands go
     */
    public KubernetesFleet(KubernetesClient client, Clock clock, Duration poll, Consumer<String> progress) {
        this(client, clock, poll, progress, START_GRACE);
    }

    /** With how long after the start time a generator that has not started is given up on. */
    KubernetesFleet(KubernetesClient client, Clock clock, Duration poll, Consumer<String> progress,
                    Duration startGrace) {
        this.client = client;
        this.clock = clock;
        this.poll = poll;
        this.progress = progress;
        this.startGrace = startGrace;
    }

    /**
     * Creates the fleet's Job.
     *
     * @throws KubernetesClientException when the API refuses it: a Job of that name exists, no
     *                                   right to create Jobs in the namespace, no such namespace
     */
    public Job create(FleetSpec spec) {
        Job job = FleetJob.of(spec, clock.instant());
        return client.batch().v1().jobs().inNamespace(spec.namespace()).resource(job).create();
    }

    /**
     * Waits until every generator has ended or the run limit has passed, then reads each one's
     * log. A generator that has not started some seconds after the start time is not waited for:
     * it could only refuse the past start time.
     *
     * @return one outcome per index, in index order
     */
    public List<GeneratorOutcome> await(FleetSpec spec) throws InterruptedException {
        Instant giveUp = spec.startAt().plus(spec.runLimit());
        String shown = null;
        Instant shownAt = Instant.MIN;
        boolean warnedLate = false;
        Set<String> stuckShown = new HashSet<>();
        Map<Integer, Pod> pods = podsByIndex(spec);
        while (waitingFor(spec, pods, clock.instant()) && clock.instant().isBefore(giveUp)) {
            if (jobIsGone(spec)) {
                progress.accept("fleet " + spec.name() + ": the Job was deleted; reading what is left");
                break;
            }
            Instant now = clock.instant();
            String line = standing(spec, pods, now);
            if (!line.equals(shown) || Duration.between(shownAt, now).compareTo(QUIET_PROGRESS) >= 0) {
                progress.accept(line);
                shown = line;
                shownAt = now;
            }
            showStuck(spec, pods, stuckShown);
            if (!warnedLate && !now.isBefore(spec.startAt())) {
                warnedLate = true;
                warnIfLate(spec, pods);
            }
            Thread.sleep(poll.toMillis());
            try {
                pods = podsByIndex(spec);
            } catch (KubernetesClientException e) {
                progress.accept("fleet " + spec.name() + ": listing the pods failed, trying again: " + e.getMessage());
            }
        }
        // The wait may end before the loop has looked at the pods, after the start time or at all.
        showStuck(spec, pods, stuckShown);
        if (!warnedLate && !clock.instant().isBefore(spec.startAt())) {
            warnIfLate(spec, pods);
        }
        progress.accept(standing(spec, pods, clock.instant()));
        List<GeneratorOutcome> outcomes = new ArrayList<>();
        for (int index = 0; index < spec.generators(); index++) {
            outcomes.add(outcome(spec, index, pods.get(index)));
        }
        return outcomes;
    }

    /** Deletes the Job and, in the background, its pods. */
    public void delete(FleetSpec spec) {
        client.batch().v1().jobs().inNamespace(spec.namespace()).withName(spec.name())
                .withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
    }

    /** Whether the Job was deleted; an API that does not answer is not taken for a deletion. */
    private boolean jobIsGone(FleetSpec spec) {
        try {
            return client.batch().v1().jobs().inNamespace(spec.namespace()).withName(spec.name()).get() == null;
        } catch (KubernetesClientException e) {
            return false; // the listing of the pods that follows says so
        }
    }

    /** The fleet's pods by index; of several pods for one index, the newest. */
    private Map<Integer, Pod> podsByIndex(FleetSpec spec) {
        Map<Integer, Pod> byIndex = new TreeMap<>();
        List<Pod> pods = new ArrayList<>(client.pods().inNamespace(spec.namespace())
                .withLabel(FleetJob.FLEET_LABEL, spec.name()).list().getItems());
        pods.sort(Comparator.comparing(pod -> Objects.toString(pod.getMetadata().getCreationTimestamp(), "")));
        for (Pod pod : pods) {
            Integer index = index(pod);
            if (index != null && index < spec.generators()) {
                byIndex.put(index, pod);
            }
        }
        return byIndex;
    }

    private static Integer index(Pod pod) {
        String value = pod.getMetadata().getAnnotations() == null ? null
                : pod.getMetadata().getAnnotations().get(FleetJob.INDEX_ANNOTATION);
        if (value == null && pod.getMetadata().getLabels() != null) {
            value = pod.getMetadata().getLabels().get(FleetJob.INDEX_ANNOTATION);
        }
        try {
            return value == null ? null : Integer.valueOf(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Whether some generator may still return results: it runs, or it has not started (or has no
     * pod) and the start time is not long past.
     */
    private boolean waitingFor(FleetSpec spec, Map<Integer, Pod> pods, Instant now) {
        boolean mayStillStart = now.isBefore(spec.startAt().plus(startGrace));
        for (int index = 0; index < spec.generators(); index++) {
            Pod pod = pods.get(index);
            if (pod == null ? mayStillStart : !ended(pod) && (started(pod) || mayStillStart)) {
                return true;
            }
        }
        return false;
    }

    /** Why the pod's container waits, when that will not resolve by itself: a bad image, a missing Secret. */
    private static String stuck(Pod pod) {
        if (pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) {
            return null;
        }
        for (ContainerStatus status : pod.getStatus().getContainerStatuses()) {
            ContainerStateWaiting waiting = status.getState() == null ? null : status.getState().getWaiting();
            if (waiting != null && STUCK.contains(waiting.getReason())) {
                return waiting.getReason() + (waiting.getMessage() == null ? "" : ": " + waiting.getMessage());
            }
        }
        return null;
    }

    private static String phase(Pod pod) {
        return pod.getStatus() == null || pod.getStatus().getPhase() == null ? "Pending" : pod.getStatus().getPhase();
    }

    private static boolean ended(Pod pod) {
        return phase(pod).equals("Succeeded") || phase(pod).equals("Failed");
    }

    private static boolean started(Pod pod) {
        return !phase(pod).equals("Pending");
    }

    private static boolean scheduled(Pod pod) {
        return pod.getSpec() != null && pod.getSpec().getNodeName() != null;
    }

    private static String standing(FleetSpec spec, Map<Integer, Pod> pods, Instant now) {
        int waiting = spec.generators() - pods.size();
        int scheduled = 0;
        int running = 0;
        int done = 0;
        int failed = 0;
        for (Pod pod : pods.values()) {
            switch (phase(pod)) {
                case "Running" -> running++;
                case "Succeeded" -> done++;
                case "Failed" -> failed++;
                default -> {
                    if (scheduled(pod)) {
                        scheduled++;
                    } else {
                        waiting++;
                    }
                }
            }
        }
        long toStart = Duration.between(now, spec.startAt()).toSeconds();
        return String.format("fleet %s: %d generators: %d waiting for a node, %d scheduled, %d running, %d done,"
                + " %d failed; %s", spec.name(), spec.generators(), waiting, scheduled, running, done, failed,
                toStart > 0 ? "traffic starts in " + toStart + " s" : "traffic started " + -toStart + " s ago");
    }

    private GeneratorOutcome outcome(FleetSpec spec, int index, Pod pod) {
        if (pod == null) {
            return new GeneratorOutcome(index, null, null, GeneratorOutcome.Ending.MISSING, "no pod", "");
        }
        String name = pod.getMetadata().getName();
        String node = pod.getSpec() == null ? null : pod.getSpec().getNodeName();
        GeneratorOutcome.Ending ending = switch (phase(pod)) {
            case "Succeeded" -> GeneratorOutcome.Ending.SUCCEEDED;
            case "Failed" -> GeneratorOutcome.Ending.FAILED;
            default -> GeneratorOutcome.Ending.UNFINISHED;
        };
        String detail = detail(pod);
        String log = "";
        if (started(pod) || terminated(pod) != null) {
            try {
                log = client.pods().inNamespace(spec.namespace()).withName(name).getLog();
            } catch (KubernetesClientException e) {
                detail += " (its log cannot be read: " + e.getMessage() + ")";
            }
        }
        return new GeneratorOutcome(index, name, node, ending, detail, log);
    }

    private static ContainerStateTerminated terminated(Pod pod) {
        if (pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) {
            return null;
        }
        for (ContainerStatus status : pod.getStatus().getContainerStatuses()) {
            if (FleetJob.CONTAINER.equals(status.getName()) && status.getState() != null) {
                return status.getState().getTerminated();
            }
        }
        return null;
    }

    /** Why the pod is where it is, in words: its exit, its eviction, or why it is not scheduled. */
    private static String detail(Pod pod) {
        ContainerStateTerminated exit = terminated(pod);
        if (exit != null) {
            return "exit code " + exit.getExitCode() + (exit.getReason() == null ? "" : " (" + exit.getReason() + ")");
        }
        String stuck = stuck(pod);
        if (stuck != null) {
            return stuck;
        }
        if (pod.getStatus() != null && pod.getStatus().getReason() != null) {
            return pod.getStatus().getReason() + (pod.getStatus().getMessage() == null ? ""
                    : ": " + pod.getStatus().getMessage());
        }
        if (!scheduled(pod) && pod.getStatus() != null && pod.getStatus().getConditions() != null) {
            for (PodCondition condition : pod.getStatus().getConditions()) {
                if ("PodScheduled".equals(condition.getType()) && condition.getMessage() != null) {
                    return "waiting for a node: " + condition.getMessage();
                }
            }
        }
        return phase(pod).toLowerCase(Locale.ROOT);
    }

    /** Says why each pod that cannot start is stuck, once for each pod and reason. */
    private void showStuck(FleetSpec spec, Map<Integer, Pod> pods, Set<String> shown) {
        for (Pod pod : pods.values()) {
            String stuck = stuck(pod);
            if (stuck != null && shown.add(pod.getMetadata().getName() + " " + stuck)) {
                progress.accept("fleet " + spec.name() + ": " + pod.getMetadata().getName() + ": " + stuck);
            }
        }
    }

    /** Says how many generators had not started when the start time came, if any had not. */
    private void warnIfLate(FleetSpec spec, Map<Integer, Pod> pods) {
        long late = spec.generators() - pods.values().stream().filter(KubernetesFleet::started).count();
        if (late > 0) {
            progress.accept(String.format("fleet %s: %d generator(s) not started at the start time; they"
                    + " will refuse it and be reported (give --start-in more time)", spec.name(), late));
        }
    }
}
