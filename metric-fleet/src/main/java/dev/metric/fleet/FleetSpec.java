package dev.metric.fleet;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What a fleet is: which Job, where, from which image, how many generators, when they begin and
 * what each runs.
 *
 * @param name          the Job's name, a DNS label; also the base of every generator's run id
 * @param namespace     where the Job is created
 * @param image         the container image: metric's image, whose entry point is metric itself
 * @param generators    how many pods run at once, one per index
 * @param startAt       the one moment at which every generator begins its traffic
 * @param runLimit      how long after {@code startAt} the generators may run before the Job is ended
 * @param generatorArgs the generator's command line (mode1, mode2, run or replay and its options), without what
 *                      the fleet adds: run id, index, start time and results
 * @param resources     the requests and limits of each pod
 * @param passwordSecret the server's password as {@code SECRET:KEY}, a key of a Kubernetes Secret
 *                       in the namespace, given to each generator as {@value FleetJob#PASSWORD_ENV};
 *                       null when the server needs none
 * @param claims        volumes every pod mounts read-only, such as the trace a replay reads
 */
public record FleetSpec(String name, String namespace, String image, int generators, Instant startAt,
                        Duration runLimit, List<String> generatorArgs, Resources resources, String passwordSecret,
                        List<ClaimMount> claims) {

    /** The largest fleet: an Indexed Job allows 100,000 completions; more pods than this is a mistake. */
    public static final int MAX_GENERATORS = 1000;
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,50}[a-z0-9])?");
    private static final Pattern DNS_SUBDOMAIN = Pattern.compile("[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?");
    private static final Pattern SECRET_KEY = Pattern.compile("[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?:[-._a-zA-Z0-9]+");
    private static final Pattern QUANTITY = Pattern.compile("[0-9]+(\\.[0-9]+)?(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?");

    /**
     * Each pod's CPU and memory, as Kubernetes quantities (2, 500m, 1Gi); null leaves one unset.
     * CPU has no limit by default: a CFS quota throttles a generator in bursts, and the delays it
     * adds would be measured as the server's latency.
     */
    public record Resources(String cpuRequest, String cpuLimit, String memoryRequest, String memoryLimit) {

        public Resources {
            check("--cpu", cpuRequest);
            check("--cpu-limit", cpuLimit);
            check("--memory", memoryRequest);
            check("--memory-limit", memoryLimit);
        }

        private static void check(String option, String quantity) {
            if (quantity != null && !QUANTITY.matcher(quantity).matches()) {
                throw new IllegalArgumentException(option + " must be a Kubernetes quantity such as 2, 500m or"
                        + " 1Gi, got '" + quantity + "'");
            }
        }
    }

    /**
     * A PersistentVolumeClaim of the namespace that every pod mounts read-only at {@code path}
     * ({@code --volume CLAIM:PATH}): what the generators read and the image does not hold, a
     * replay's trace.
     */
    public record ClaimMount(String claim, String path) {

        /** {@code CLAIM:PATH}, checked. */
        public static ClaimMount parse(String text) {
            int colon = text.indexOf(':');
            if (colon < 0 || !DNS_SUBDOMAIN.matcher(text.substring(0, colon)).matches()
                    || !text.startsWith("/", colon + 1)) {
                throw new IllegalArgumentException("--volume must be CLAIM:PATH, a PersistentVolumeClaim of the"
                        + " namespace and the absolute path the pods mount it at, got '" + text + "'");
            }
            String path = text.substring(colon + 1);
            if (path.equals(FleetJob.RESULTS_DIR) || path.startsWith(FleetJob.RESULTS_DIR + "/") || path.equals("/")) {
                throw new IllegalArgumentException("--volume " + text + ": " + path + " is not for a volume: it"
                        + " would hide the image's files or the results the pods write into " + FleetJob.RESULTS_DIR);
            }
            return new ClaimMount(text.substring(0, colon), path);
        }
    }

    /** A fleet whose pods mount no volume of the user's. */
    public FleetSpec(String name, String namespace, String image, int generators, Instant startAt, Duration runLimit,
                     List<String> generatorArgs, Resources resources, String passwordSecret) {
        this(name, namespace, image, generators, startAt, runLimit, generatorArgs, resources, passwordSecret,
                List.of());
    }

    public FleetSpec {
        generatorArgs = List.copyOf(generatorArgs);
        claims = List.copyOf(claims);
        if (claims.stream().map(ClaimMount::path).distinct().count() < claims.size()) {
            throw new IllegalArgumentException("--volume: two volumes at one path");
        }
        if (!DNS_LABEL.matcher(name).matches()) {
            throw new IllegalArgumentException("--name must be 1 to 52 lower-case letters, digits and '-', starting"
                    + " and ending with a letter or digit (a Kubernetes name with room for the pods' suffix), got '"
                    + name + "'");
        }
        if (!DNS_LABEL.matcher(namespace).matches()) {
            throw new IllegalArgumentException("--namespace must be a Kubernetes namespace name, got '" + namespace
                    + "'");
        }
        if (image.isBlank()) {
            throw new IllegalArgumentException("--image must name the image of metric the pods run");
        }
        if (generators < 1 || generators > MAX_GENERATORS) {
            throw new IllegalArgumentException("--generators must be 1.." + MAX_GENERATORS + ", got " + generators);
        }
        if (passwordSecret != null && !SECRET_KEY.matcher(passwordSecret).matches()) {
            throw new IllegalArgumentException("--password-secret must be SECRET:KEY, a Secret of the namespace and"
                    + " its key, got '" + passwordSecret + "'");
        }
        if (runLimit.isNegative() || runLimit.isZero()) {
            throw new IllegalArgumentException("--run-limit must be positive, got " + runLimit);
        }
    }
}
