package dev.metric.cli.option;

import dev.metric.cli.convert.SettingNames;
import dev.metric.client.ClientSettings;
import dev.metric.client.Protocol;
import dev.metric.config.FlushPolicy;
import dev.metric.run.DatabaseHousekeeping;
import dev.metric.run.OwnKeys;
import dev.metric.server.ServerUnreachableException;
import dev.metric.units.Quantity;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.KeyNumbers;
import dev.metric.workload.SizeDistribution;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/** What data a run writes and whether it may delete anything first. */
public final class DataOptions {

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed every key and value derives from (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--keys", paramLabel = "N",
            description = "Exactly N keys, instead of <kkeys>; k is 1024 and m 1024 k, as in every count, so"
                    + " --keys 3000k is <kkeys> 3000 (3,072,000 keys). With it, the argument after <threads> is the"
                    + " port.")
    String keys;

    @Option(names = "--key-prefix", paramLabel = "PREFIX", defaultValue = DataSpec.DEFAULT_KEY_PREFIX,
            description = "What every key starts with (default: ${DEFAULT-VALUE}). --flush without --yes and --cleanup"
                    + " take only keys of the shape metric writes under it, in a database holding the marker"
                    + " PREFIX#metric that a run writes first; for them it must end with a separator (one of "
                    + DataSpec.PREFIX_SEPARATORS + ") after at least " + DataSpec.MIN_PREFIX_NAME_CHARS
                    + " characters.")
    String keyPrefix;

    private static final String DEFAULT_KEY_SIZES = "20-200";

    @Option(names = "--key-size", paramLabel = "SIZES", defaultValue = DEFAULT_KEY_SIZES,
            description = "Key lengths: MIN-MAX drawn uniformly, or weighted SIZE:WEIGHT or MIN-MAX:WEIGHT separated"
                    + " by commas; k is 1024 bytes, m 1024 k (default: ${DEFAULT-VALUE}, as the original tool).")
    String keySizes;

    @Option(names = {"--value-size", "-d", "--data-size"}, paramLabel = "SIZES", defaultValue = "200-2000",
            description = "Value lengths, as --key-size, e.g. 1m-4m or 100:60,10k:30,1m:10; up to 64m; one"
                    + " length, as memtier_benchmark's and redis-benchmark's -d/--data-size (its other names), is"
                    + " e.g. 32 (default: ${DEFAULT-VALUE}, as the original tool).")
    String valueSizes;

    @Option(names = "--flush",
            description = "FLUSHDB the selected database before writing (memcached: flush_all of the whole server);"
                    + " refused when it holds a key that is not provably metric's (of metric's shape under"
                    + " --key-prefix, beside its marker), unless --yes is given. Without it nothing is deleted"
                    + " before the run.")
    boolean flush;

    @Option(names = "--yes", description = "Confirm that --flush may delete keys metric did not write.")
    boolean yes;

    @Option(names = "--cleanup",
            description = "After the run, remove metric's keys: those of the shape it writes under --key-prefix, in a"
                    + " database holding its marker, in batches of SCAN and UNLINK, then the marker; every other"
                    + " key stays.")
    boolean cleanup;

    /** Added to --seed: a generator's index (--index-env), so that each of a fleet writes keys of its own. */
    long seedOffset;

    /**
     * The port among the positional arguments {@code <kkeys> [port]}: with --keys there is no
     * {@code <kkeys>}, so a lone argument in its place is the port.
     */
    public Integer port(Integer kkeysArgument, Integer portArgument) {
        return keys != null && portArgument == null ? kkeysArgument : portArgument;
    }

    /**
     * The data the options describe, its key count from --keys or else the positional
     * {@code <kkeys>} (null when it was not given).
     *
     * @throws IllegalArgumentException with a one-line reason for a missing, doubled or bad count,
     *                                  prefix or size
     */
    public DataSpec spec(Integer kkeysArgument, Integer portArgument) {
        int count;
        if (keys == null) {
            if (kkeysArgument == null) {
                throw new IllegalArgumentException("the key count is missing: give <kkeys> (1024 keys each) or"
                        + " --keys N");
            }
            count = DataSpec.kkeysToKeys(kkeysArgument);
        } else {
            if (kkeysArgument != null && portArgument != null) {
                throw new IllegalArgumentException("--keys " + keys + " and <kkeys> " + kkeysArgument
                        + ": give the key count once");
            }
            count = keyCount(keys);
        }
        return new DataSpec(count, seed + seedOffset, keyPrefix, keySizes(), valueSizes());
    }

    /**
     * The data with memtier_benchmark's names, {@code count} keys numbered from {@code numbers}' first,
     * under --key-prefix, with --seed and --value-size; --key-size, --keys and --cleanup are refused, as
     * the names decide the keys' sizes and count and are not provably metric's.
     */
    DataSpec numberedSpec(int count, KeyNumbers numbers) {
        if (keys != null || cleanup || !keySizes.equals(DEFAULT_KEY_SIZES)) {
            throw new IllegalArgumentException("--key-minimum and --key-maximum name the keys as memtier_benchmark"
                    + " does: not with " + (keys != null ? "--keys, as they give the count"
                    : cleanup ? "--cleanup, as such names are not provably metric's" : "--key-size, as the names"
                    + " have the length of their numbers"));
        }
        return DataSpec.numbered(count, seed + seedOffset, keyPrefix, numbers, valueSizes());
    }

    /** A count of keys: digits, optionally followed by k (1024) or m (1024 k). */
    static int keyCount(String text) {
        long count;
        try {
            count = Quantity.count(text);
        } catch (IllegalArgumentException e) {
            count = -1;
        }
        if (count < 1 || count > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--keys: expected a count of 1 to " + Integer.MAX_VALUE
                    + " such as 100000, 500k (512,000) or 3m (3,145,728), got '" + text + "'");
        }
        return (int) count;
    }

    /** The key lengths asked for; a bad list is an IllegalArgumentException naming the option. */
    SizeDistribution keySizes() {
        return SizeDistribution.parse("--key-size", keySizes, DataSpec.MAX_KEY_BYTES);
    }

    /** The value lengths asked for; a bad list is an IllegalArgumentException naming the option. */
    public SizeDistribution valueSizes() {
        return SizeDistribution.parse("--value-size", valueSizes, DataSpec.MAX_VALUE_BYTES);
    }

    /**
     * What --flush and --yes allow; a bad combination, or a --cleanup by a prefix too loose to tell
     * metric's keys by, is an IllegalArgumentException.
     */
    public FlushPolicy flushPolicy() {
        String unsafe = DataSpec.unsafeForDeleting(keyPrefix);
        if (cleanup && unsafe != null) {
            throw new IllegalArgumentException("--cleanup tells metric's keys by --key-prefix, and " + unsafe);
        }
        return FlushPolicy.of(flush, yes);
    }

    /**
     * What --flush and --yes allow for one run of a sweep: the first writes the data set (flushing
     * if asked); every later one works on what it wrote, and must not delete it.
     */
    public FlushPolicy flushPolicy(boolean firstOfSweep) {
        FlushPolicy asked = flushPolicy();
        return firstOfSweep ? asked : FlushPolicy.NEVER;
    }

    /**
     * Removes the run's keys when --cleanup was given, also after a run that failed or stopped;
     * a server that cannot be reached any more is reported, not fatal: the run's exit code stands.
     * Without --cleanup, says where the keys stay and how to remove them, unless the server was
     * metric's own for this run ({@code embedded}), whose keys went with it.
     */
    public void cleanUpAfter(ClientSettings settings, DataSpec data, boolean embedded, Consumer<String> progress) {
        if (!cleanup) {
            if (!embedded && data.numbered()) {
                progress.accept(String.format("keys: the run's keys, %s, stay in %s", data, where(settings)));
            } else if (!embedded) {
                progress.accept(String.format("keys: the run's keys, starting with '%s', stay in %s; --cleanup removes"
                        + " a run's keys when it ends (with --skip-load, after using them)", keyPrefix,
                        where(settings)));
            }
            return;
        }
        try {
            DatabaseHousekeeping.removeOwnKeys(settings, OwnKeys.of(new DataSet(data)), progress);
        } catch (ServerUnreachableException e) {
            progress.accept("cleanup: not done, metric's keys are still there: " + SettingNames.message(e));
        }
    }

    /** Where the keys are, in words: a database of a server, a cluster, the Sentinels' primary or memcached. */
    private static String where(ClientSettings settings) {
        return settings.protocol() == Protocol.MEMCACHED ? "memcached at " + settings.address()
                : "db " + settings.database() + " of " + (settings.cluster() ? "the cluster at "
                + settings.address() : settings.sentinels() != null ? "the primary the Sentinels name ("
                + settings.sentinels() + ")" : settings.address());
    }
}
