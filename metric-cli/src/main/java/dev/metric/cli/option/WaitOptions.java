package dev.metric.cli.option;

import dev.metric.cli.convert.OptionLists;
import dev.metric.cli.convert.TimeoutConverter;
import dev.metric.mode.cache.WriteWait;
import java.time.Duration;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * WAIT after the writes of mode2's traffic: {@code --wait N[,TIMEOUT]}, or memtier_benchmark's
 * names for its parts, {@code --num-slaves N}, {@code --wait-timeout MS} and {@code --wait-ratio
 * WRITES:WAITS}.
 */
public final class WaitOptions {

    /** How long WAIT may block unless told otherwise: under the default --timeout of 2 s. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(1);

    @Option(names = "--wait", paramLabel = "N[,TIMEOUT]",
            description = "After every write of the traffic (not the preload's), send WAIT N on the write's own"
                    + " connection (each lane then keeps its connection for the run), waiting at most TIMEOUT"
                    + " (e.g. 500ms; default 1s, and under --timeout). The WAITs' latency, from the write's intended"
                    + " start, is a row of its own, and how many replicas each said had the write is counted."
                    + " Redis only, not a cluster.")
    String wait;

    @Option(names = "--num-slaves", paramLabel = "N",
            description = "memtier_benchmark's name for --wait's N (a range N-N of one number).")
    String numSlaves;

    @Option(names = "--wait-timeout", paramLabel = "MS",
            description = "memtier_benchmark's name for --wait's TIMEOUT: milliseconds (a range T-T of one number).")
    String waitTimeout;

    @Option(names = "--wait-ratio", paramLabel = "WRITES:WAITS",
            description = "memtier_benchmark's WAITs to writes: a write is followed by a WAIT at odds of WAITS in"
                    + " WRITES (1:1, every write, is what --wait does; at most one WAIT per write). With --wait or"
                    + " --num-slaves.")
    String waitRatio;

    /**
     * The WAIT asked for, or null for none.
     *
     * @throws IllegalArgumentException for a value that is not one, or --wait given with memtier's names
     */
    public WriteWait writeWait() {
        if (wait != null && (numSlaves != null || waitTimeout != null)) {
            throw new IllegalArgumentException("--wait gives the replicas and the timeout: not with --num-slaves or"
                    + " --wait-timeout");
        }
        if (wait != null) {
            int comma = wait.indexOf(',');
            String replicas = comma < 0 ? wait : wait.substring(0, comma);
            Duration timeout = comma < 0 ? DEFAULT_TIMEOUT : timeout(wait.substring(comma + 1).strip());
            return new WriteWait(OptionLists.wholeNumber("--wait", replicas.strip(), 0), timeout, share());
        }
        if ((waitTimeout != null || waitRatio != null) && numSlaves == null) {
            throw new IllegalArgumentException((waitTimeout != null ? "--wait-timeout" : "--wait-ratio")
                    + " needs --num-slaves (or --wait), the replicas WAIT waits for");
        }
        if (numSlaves == null) {
            return null;
        }
        Duration timeout = waitTimeout == null ? DEFAULT_TIMEOUT
                : Duration.ofMillis(OptionLists.wholeNumber("--wait-timeout",
                        single("--wait-timeout", waitTimeout), 0));
        return new WriteWait(OptionLists.wholeNumber("--num-slaves",
                single("--num-slaves", numSlaves), 0), timeout, share());
    }

    /** The share of writes followed by a WAIT: all of them, or WAITS in WRITES of --wait-ratio. */
    private double share() {
        if (waitRatio == null) {
            return 1;
        }
        int colon = waitRatio.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("--wait-ratio: expected WRITES:WAITS, e.g. 10:1, got '" + waitRatio
                    + "'");
        }
        int writes = OptionLists.wholeNumber("--wait-ratio", waitRatio.substring(0, colon).strip(), 0);
        int waits = OptionLists.wholeNumber("--wait-ratio", waitRatio.substring(colon + 1).strip(), 0);
        if (writes < 1 || waits < 1 || waits > writes) {
            throw new IllegalArgumentException("--wait-ratio " + waitRatio + ": a WAIT follows a write, at most one"
                    + " per write: give WRITES:WAITS with 1 <= WAITS <= WRITES");
        }
        return (double) waits / writes;
    }

    private static Duration timeout(String text) {
        try {
            return new TimeoutConverter().convert(text);
        } catch (TypeConversionException e) {
            throw new IllegalArgumentException("--wait's timeout: " + e.getMessage());
        }
    }

    /** memtier's range {@code N-M} when it is of one number, as its one number. */
    private static String single(String option, String range) {
        int dash = range.indexOf('-', 1);
        if (dash < 0) {
            return range.strip();
        }
        String low = range.substring(0, dash).strip();
        if (!low.equals(range.substring(dash + 1).strip())) {
            throw new IllegalArgumentException(option + " " + range + ": metric waits for one number, not memtier's"
                    + " range of them; give one");
        }
        return low;
    }
}
