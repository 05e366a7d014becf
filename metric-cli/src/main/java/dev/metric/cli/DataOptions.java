package dev.metric.cli;

import dev.metric.client.ClientSettings;
import dev.metric.run.DatabaseHousekeeping;
import dev.metric.run.FlushPolicy;
import dev.metric.server.ServerUnreachableException;
import dev.metric.workload.DataSet;
import dev.metric.workload.SizeDistribution;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/** What data a run writes and whether it may delete anything first. */
final class DataOptions {

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed every key and value derives from (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--key-size", paramLabel = "SIZES", defaultValue = "20-200",
            description = "Key lengths: MIN-MAX drawn uniformly, or weighted SIZE:WEIGHT or MIN-MAX:WEIGHT separated"
                    + " by commas; k is 1024 bytes, m 1024 k (default: ${DEFAULT-VALUE}, as the original tool).")
    String keySizes;

    @Option(names = "--value-size", paramLabel = "SIZES", defaultValue = "200-2000",
            description = "Value lengths, as --key-size, e.g. 1m-4m or 100:60,10k:30,1m:10; up to 64m"
                    + " (default: ${DEFAULT-VALUE}, as the original tool).")
    String valueSizes;

    @Option(names = "--flush",
            description = "FLUSHDB the selected database before writing; refused when it holds keys metric did not"
                    + " write, unless --yes is given. Without it nothing is deleted before the run.")
    boolean flush;

    @Option(names = "--yes", description = "Confirm that --flush may delete keys metric did not write.")
    boolean yes;

    @Option(names = "--cleanup",
            description = "After the run, remove the keys metric wrote (those starting with 'metric:'), in batches"
                    + " of SCAN and UNLINK; every other key stays.")
    boolean cleanup;

    /** The key lengths asked for; a bad list is an IllegalArgumentException naming the option. */
    SizeDistribution keySizes() {
        return SizeDistribution.parse("--key-size", keySizes, DataSet.MAX_KEY_BYTES);
    }

    /** The value lengths asked for; a bad list is an IllegalArgumentException naming the option. */
    SizeDistribution valueSizes() {
        return SizeDistribution.parse("--value-size", valueSizes, DataSet.MAX_VALUE_BYTES);
    }

    /** What --flush and --yes allow; a bad combination is an IllegalArgumentException. */
    FlushPolicy flushPolicy() {
        return FlushPolicy.of(flush, yes);
    }

    /**
     * What --flush and --yes allow for one run of a sweep: the first writes the data set (flushing
     * if asked); every later one works on what it wrote, and must not delete it.
     */
    FlushPolicy flushPolicy(boolean firstOfSweep) {
        FlushPolicy asked = flushPolicy();
        return firstOfSweep ? asked : FlushPolicy.NEVER;
    }

    /**
     * Removes the run's keys when --cleanup was given, also after a run that failed or stopped;
     * a server that cannot be reached any more is reported, not fatal: the run's exit code stands.
     */
    void cleanUpAfter(ClientSettings settings, Consumer<String> progress) {
        if (!cleanup) {
            return;
        }
        try {
            DatabaseHousekeeping.removeOwnKeys(settings, progress);
        } catch (ServerUnreachableException e) {
            progress.accept("cleanup: not done, metric's keys are still there: " + e.getMessage());
        }
    }
}
