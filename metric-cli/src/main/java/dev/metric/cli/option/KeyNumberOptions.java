package dev.metric.cli.option;

import dev.metric.workload.DataSpec;
import dev.metric.workload.KeyNumbers;
import picocli.CommandLine.Option;

/**
 * memtier_benchmark's key range, {@code --key-minimum} and {@code --key-maximum}: given either, the
 * run's keys have memtier's names (the prefix and a number, every number of the range one key),
 * so that a command line or a suite written for memtier reads and writes the keys it names.
 */
public final class KeyNumberOptions {

    /** memtier_benchmark's last key number when only the first is given. */
    public static final long MEMTIER_KEY_MAXIMUM = 10_000_000;

    @Option(names = "--key-minimum", paramLabel = "N",
            description = "Name the keys as memtier_benchmark does, --key-prefix and a number, from N (default 0) to"
                    + " --key-maximum: one key per number, in place of <kkeys> and --keys, --key-size following from"
                    + " the numbers. Values are random filler of each key's own of --value-size, from 1 byte.")
    Long minimum;

    @Option(names = "--key-maximum", paramLabel = "N",
            description = "The last key number of memtier_benchmark's names (default " + MEMTIER_KEY_MAXIMUM
                    + " when --key-minimum is given).")
    Long maximum;

    /** Whether the keys are named by number. */
    public boolean given() {
        return minimum != null || maximum != null;
    }

    /**
     * The data {@code data} describes, named by number when either option was given; else its own,
     * its count from {@code <kkeys>} or --keys.
     *
     * @throws IllegalArgumentException for a range that is empty, too wide for a run, or given beside
     *                                  {@code <kkeys>}, --keys, --key-size or --cleanup
     */
    public DataSpec spec(DataOptions data, Integer kkeys, Integer portArgument) {
        if (!given()) {
            return data.spec(kkeys, portArgument);
        }
        if (kkeys != null) {
            throw new IllegalArgumentException("--key-minimum and --key-maximum give the keys: not <kkeys> too ("
                    + kkeys + "); give the port as -p PORT");
        }
        long first = minimum == null ? 0 : minimum;
        long last = maximum == null ? Math.max(first, MEMTIER_KEY_MAXIMUM) : maximum;
        if (first < 0 || last < first) {
            throw new IllegalArgumentException("--key-minimum " + first + " and --key-maximum " + last + ": expected"
                    + " 0 <= minimum <= maximum");
        }
        if (last - first >= Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--key-minimum " + first + " to --key-maximum " + last + " are "
                    + (last - first + 1) + " keys: a run takes at most " + Integer.MAX_VALUE);
        }
        return data.numberedSpec((int) (last - first + 1), new KeyNumbers(first));
    }
}
