package dev.metric.cli.command;

import dev.metric.cli.convert.QuantityConverters;
import dev.metric.cli.option.GeneratorOptions;
import dev.metric.cli.output.ExitCodes;
import dev.metric.cli.output.ManifestVersion;
import dev.metric.fleet.FleetJob;
import dev.metric.fleet.FleetResults;
import dev.metric.fleet.FleetSpec;
import dev.metric.fleet.GeneratorOutcome;
import dev.metric.fleet.KubernetesFleet;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * {@code metric fleet --generators N --image IMAGE -- mode2 ...}: N load generators as one
 * Kubernetes Indexed Job, started together, their results read back from their logs and merged.
 */
@Command(name = "fleet", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ManifestVersion.class,
        description = {
            "Run N load generators as one Kubernetes Indexed Job, for a server one client machine cannot load:"
                    + " every pod runs the generator's command line (after --) and begins its traffic at one"
                    + " start time; each takes its run id (NAME-INDEX) and its seed (--seed + INDEX; a replay: its"
                    + " database, --db + INDEX) from JOB_COMPLETION_INDEX, so each writes keys of its own.",
            "Each pod prints its JSON result and interval log to its log as framed blocks; the fleet reads them"
                    + " back through the pod-log API (no volume, no exec, no ssh), writes them into --out, and merges"
                    + " them over the window in which every generator was measuring, as metric merge does. A"
                    + " generator that failed or never ran is named in the report and the exit code is 1; the"
                    + " others are still merged.",
            "Uses the Kubernetes configuration kubectl uses (KUBECONFIG, ~/.kube/config, or the pod's service"
                    + " account). Needs Kubernetes 1.29 or later (backoffLimitPerIndex) and an image of metric"
                    + " whose entry point is metric (the jib profile's or src/docker/Dockerfile's).",
            "Example: metric fleet --generators 4 --image REGISTRY/metric:0.1.0 -- mode2 8 100 --host cache.svc"
                    + " --rate 20000 --duration 120"
        })
public final class FleetCommand implements Callable<Integer> {

    private static final Duration DEFAULT_START_IN = Duration.ofMinutes(2);
    private static final Path SERVICE_ACCOUNT_TOKEN = Path.of("/var/run/secrets/kubernetes.io/serviceaccount/token");

    /** metric's own command line, to check the generator's arguments as the pods will parse them. */
    private final MetricCommandLine metric;

    @Option(names = "--generators", paramLabel = "N", required = true,
            description = "How many generators (pods) run at once, 1.." + FleetSpec.MAX_GENERATORS + ".")
    int generators;

    @Option(names = "--image", paramLabel = "IMAGE", required = true,
            description = "The container image of metric the pods run, e.g. REGISTRY/metric:0.1.0.")
    String image;

    @Option(names = "--namespace", paramLabel = "NS",
            description = "Where the Job runs (default: the namespace of the Kubernetes context, else default).")
    String namespace;

    @Option(names = "--name", paramLabel = "NAME",
            description = "The Job's name and the base of the generators' run ids (default: metric-fleet- and the"
                    + " time, e.g. metric-fleet-20261124-101500).")
    String name;

    @Option(names = "--start-in", paramLabel = "T", converter = QuantityConverters.Seconds.class,
            description = "When the traffic begins, from now: long enough for every pod to be scheduled, pull the"
                    + " image and preload (default: 2m). A generator that is not ready by then fails.")
    Duration startIn;

    @Option(names = "--start-at", paramLabel = "TIME",
            description = "When the traffic begins, instead of --start-in: an instant like 2026-11-21T14:30:00Z or a"
                    + " time of day like 14:30:00 (today, this host's zone), e.g. for fleets in two clusters.")
    String startAt;

    @Option(names = "--run-limit", paramLabel = "T", converter = QuantityConverters.Seconds.class,
            description = "How long after the start the generators may run before the fleet stops waiting and reads"
                    + " what there is (default: mode2's and run's warm-up and --duration plus 10m; mode1 and"
                    + " replay: 30m). Kubernetes ends the Job 5m after that, should the fleet be gone.")
    Duration runLimit;

    @Option(names = "--cpu", paramLabel = "Q", defaultValue = "1",
            description = "CPU each pod requests, a Kubernetes quantity (default: ${DEFAULT-VALUE}).")
    String cpu;

    @Option(names = "--cpu-limit", paramLabel = "Q",
            description = "CPU limit of each pod (default: none: a CFS quota throttles the generator in bursts, and"
                    + " the delay would be measured as the server's).")
    String cpuLimit;

    @Option(names = "--memory", paramLabel = "Q", defaultValue = "1Gi",
            description = "Memory each pod requests, and its limit unless --memory-limit is given (default:"
                    + " ${DEFAULT-VALUE}).")
    String memory;

    @Option(names = "--memory-limit", paramLabel = "Q", description = "Memory limit of each pod.")
    String memoryLimit;

    @Option(names = "--password-secret", paramLabel = "SECRET:KEY",
            description = "The server's password, from the key KEY of the Kubernetes Secret SECRET in the namespace,"
                    + " given to every generator as METRIC_PASSWORD: a password on the generator's command line"
                    + " would be readable in the Job.")
    String passwordSecret;

    @Option(names = "--volume", paramLabel = "CLAIM:PATH",
            description = "Mount the PersistentVolumeClaim CLAIM of the namespace read-only at PATH in every pod"
                    + " (repeatable): what the generators read and the image does not hold, such as a replay's"
                    + " trace, which must also be at that path on this host, where the fleet checks the command"
                    + " line.")
    List<String> volumes = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where every generator's JSON, interval log and log, and the merge (merged.md and the"
                    + " spectrum charts), are written (default: ./NAME).")
    Path out;

    @Option(names = "--keep", description = "Keep the Job and its pods afterwards; by default the fleet deletes them.")
    boolean keep;

    @Option(names = "--kubeconfig", paramLabel = "FILE",
            description = "The Kubernetes configuration file (default: as kubectl: KUBECONFIG, then ~/.kube/config).")
    Path kubeconfig;

    @Option(names = "--context", paramLabel = "NAME", description = "The context of the configuration to use.")
    String context;

    @Option(names = "--poll", paramLabel = "T", defaultValue = "1s", converter = QuantityConverters.Seconds.class,
            hidden = true, description = "How often the pods are listed.")
    Duration poll;

    @Option(names = "--dry-run",
            description = "Print the Job manifest (YAML) and exit, creating nothing: kubectl apply -f - runs it (the"
                    + " results are then in the pods' logs, between metric-frame lines).")
    boolean dryRun;

    @Parameters(paramLabel = "GENERATOR", arity = "1..*",
            description = "After --: the generator's command line, mode1, mode2, run or replay and its options, aimed"
                    + " at the server with --host or --uri.")
    List<String> generator;

    @Spec
    CommandSpec spec;

    /** @param metric metric's own command line, with its error handling */
    public FleetCommand(MetricCommandLine metric) {
        this.metric = metric;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Instant now = Clock.systemUTC().instant();
        Config config = kubernetesConfig();
        FleetSpec fleet = fleetSpec(now, config);
        if (dryRun) {
            spec.commandLine().getOut().print(FleetJob.yaml(FleetJob.of(fleet, now)));
            spec.commandLine().getOut().flush();
            return ExitCodes.VERIFIED;
        }
        Path directory = out != null ? out : Path.of(fleet.name());
        boolean newDirectory = !Files.exists(directory);
        try {
            Files.createDirectories(directory); // before the Job: its results have nowhere else to go
        } catch (IOException e) {
            throw usage("--out " + directory + ": cannot create the directory (" + e.getMessage() + ")");
        }
        try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build()) {
            KubernetesFleet kubernetes = new KubernetesFleet(client, Clock.systemUTC(), poll, line -> {
                err.println(line);
                err.flush();
            });
            try {
                kubernetes.create(fleet);
            } catch (KubernetesClientException e) {
                if (newDirectory) {
                    Files.deleteIfExists(directory); // nothing ran, nothing to keep
                }
                return refused(err, config, fleet, e);
            }
            err.println("fleet: created Job " + fleet.name() + " in " + fleet.namespace() + ", " + fleet.generators()
                    + " generators; traffic starts at " + fleet.startAt());
            FleetResults.Report report;
            AtomicBoolean settled = new AtomicBoolean();
            Thread onExit = new Thread(() -> settle(kubernetes, fleet, err, settled), "fleet-cleanup");
            Runtime.getRuntime().addShutdownHook(onExit); // Ctrl-C while waiting
            try {
                List<GeneratorOutcome> outcomes = kubernetes.await(fleet);
                report = FleetResults.collect(fleet.name(), fleet.generators(), outcomes, directory);
            } finally {
                settle(kubernetes, fleet, err, settled);
                try {
                    Runtime.getRuntime().removeShutdownHook(onExit);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running or has run
                }
            }
            spec.commandLine().getOut().print(report.text());
            spec.commandLine().getOut().flush();
            err.println("fleet: wrote " + report.written().size() + " files into " + directory);
            err.flush();
            return report.passed() ? ExitCodes.VERIFIED : ExitCodes.FAILED;
        }
    }

    /** Once, after the wait or on the way out: deletes the Job and its pods, or with --keep says how to. */
    private void settle(KubernetesFleet kubernetes, FleetSpec fleet, PrintWriter err, AtomicBoolean settled) {
        if (!settled.compareAndSet(false, true)) {
            return;
        }
        if (keep) {
            err.println("fleet: kept Job " + fleet.name() + " (kubectl delete job " + fleet.name() + " -n "
                    + fleet.namespace() + ")");
        } else {
            try {
                kubernetes.delete(fleet);
                err.println("fleet: deleted Job " + fleet.name());
            } catch (KubernetesClientException e) {
                err.println("fleet: could not delete Job " + fleet.name() + " (kubectl delete job " + fleet.name()
                        + " -n " + fleet.namespace() + "): " + e.getMessage());
            }
        }
        err.flush();
    }

    /** The Job could not be created: one line saying why, and the exit code that goes with it. */
    private int refused(PrintWriter err, Config config, FleetSpec fleet, KubernetesClientException e) {
        List<String> causes = new ArrayList<>();
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            causes.add(cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : " " + cause.getMessage()));
        }
        String why = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage()
                : causes.isEmpty() ? e.getMessage() : String.join(", from ", causes);
        int code = e.getCode() == 409 ? ExitCodes.USAGE : ExitCodes.UNREACHABLE;
        String hint = "";
        if (e.getCode() == 409) {
            hint = "; choose another --name, or kubectl delete job " + fleet.name() + " -n " + fleet.namespace();
        } else if (config.getCurrentContext() == null && !Files.exists(SERVICE_ACCOUNT_TOKEN)) {
            hint = "; no Kubernetes configuration was found: give --kubeconfig or set KUBECONFIG";
        }
        err.println("metric fleet: the Kubernetes API at " + config.getMasterUrl() + " did not create the Job: "
                + why.replace('\n', ' ') + hint);
        err.flush();
        return code;
    }

    /** The configuration kubectl would use, or --kubeconfig's; an unreachable API fails after one retry, not ten. */
    private Config kubernetesConfig() {
        return new ConfigBuilder(configured()).withRequestRetryBackoffLimit(1).build();
    }

    private Config configured() {
        if (kubeconfig == null) {
            return Config.autoConfigure(context);
        }
        if (!Files.isRegularFile(kubeconfig)) {
            throw usage("--kubeconfig " + kubeconfig + ": no such file");
        }
        try {
            return Config.fromKubeconfig(context, kubeconfig.toFile());
        } catch (KubernetesClientException | IllegalArgumentException e) {
            throw usage("--kubeconfig " + kubeconfig + ": " + e.getMessage());
        }
    }

    /** The fleet the options describe, with the generator's command line checked as metric itself checks it. */
    private FleetSpec fleetSpec(Instant now, Config config) {
        Instant start = startTime(now);
        String jobName = name != null ? name
                : "metric-fleet-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(now);
        String ns = namespace != null ? namespace : config.getNamespace() != null ? config.getNamespace() : "default";
        try {
            ParseResult run = FleetGenerator.check(metric, generator, jobName, start, passwordSecret != null);
            return new FleetSpec(jobName, ns, image, generators, start,
                    runLimit != null ? runLimit : FleetGenerator.runLimit(run),
                    generator, new FleetSpec.Resources(cpu, cpuLimit, memory,
                    memoryLimit != null ? memoryLimit : memory), passwordSecret,
                    volumes.stream().map(FleetSpec.ClaimMount::parse).toList());
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /** --start-at, or --start-in from now rounded up to a whole second. */
    private Instant startTime(Instant now) {
        if (startAt != null && startIn != null) {
            throw usage("give --start-at or --start-in, not both");
        }
        if (startAt != null) {
            try {
                return GeneratorOptions.startAt(startAt, Clock.fixed(now, ZoneOffset.UTC));
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }
        Duration in = startIn != null ? startIn : DEFAULT_START_IN;
        if (in.isNegative() || in.isZero()) {
            throw usage("--start-in must be positive, got " + in.toSeconds() + "s");
        }
        return now.plus(in).truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
