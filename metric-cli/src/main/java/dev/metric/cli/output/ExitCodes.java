package dev.metric.cli.output;

import java.util.LinkedHashMap;
import java.util.Map;

/** The exit codes every command uses, and their text in {@code --help}. */
public final class ExitCodes {

    public static final int VERIFIED = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;
    public static final int UNREACHABLE = 3;
    /** compare's gate: noise wider than the threshold hides whether a run is slower by more. */
    public static final int CANNOT_TELL = 4;

    /** Whether {@code code} is a run's when Ctrl-C (SIGINT) or SIGTERM stopped it: 128 + the signal's number. */
    public static boolean stoppedBySignal(int code) {
        return code == 128 + 2 || code == 128 + 15;
    }

    /** The exit-code list printed in the help of the commands that measure: mode1, mode2, run and sweep. */
    public static Map<String, String> measuringList() {
        Map<String, String> list = new LinkedHashMap<>();
        list.put(" " + VERIFIED, "every read verified");
        list.put(" " + FAILED, "a mismatch, errors, operations due never sent, a --find-max search with no answer, or"
                + " a run stopped early because the server went away");
        list.put(" " + USAGE, "bad usage: an invalid argument or option, a --flush refused, or --skip-load"
                + " over the other mode's data");
        list.put(" " + UNREACHABLE, "cannot reach, authenticate to or talk to the server");
        list.put(" 130, 143", "stopped by Ctrl-C (SIGINT) or SIGTERM; what was measured is printed");
        return list;
    }

    /** The exit-code list of {@code metric merge}. */
    public static Map<String, String> mergeList() {
        Map<String, String> list = new LinkedHashMap<>();
        list.put(" " + VERIFIED, "every generator's run passed; the merged result is printed");
        list.put(" " + FAILED, "a generator's run failed (mismatches, errors, unsent operations), or a file"
                + " could not be read or written");
        list.put(" " + USAGE, "bad usage: a missing file, runs that cannot be merged (other workloads or servers,"
                + " no common time), or an --out that is a file");
        return list;
    }

    /** The exit-code list of {@code metric fleet}. */
    public static Map<String, String> fleetList() {
        Map<String, String> list = new LinkedHashMap<>();
        list.put(" " + VERIFIED, "every generator returned its results and its run passed; the merge is printed");
        list.put(" " + FAILED, "a generator failed, never ran or returned no results (the others are merged),"
                + " a run failed, or a file could not be written");
        list.put(" " + USAGE, "bad usage: an invalid option or generator command line, or a Job of that name"
                + " exists");
        list.put(" " + UNREACHABLE, "cannot reach the Kubernetes API, or it refused the Job (rights, namespace)");
        return list;
    }

    /** The exit-code list of {@code metric report}. */
    public static Map<String, String> reportList() {
        Map<String, String> list = new LinkedHashMap<>();
        list.put(" " + VERIFIED, "the report was printed and written");
        list.put(" " + FAILED, "a file could not be read or written");
        list.put(" " + USAGE, "bad usage: no result found, a file that is not a result or an interval log,"
                + " or an --out that is a file");
        return list;
    }

    /** The exit-code list of {@code metric compare}. */
    public static Map<String, String> compareList() {
        Map<String, String> list = new LinkedHashMap<>();
        list.put(" " + VERIFIED, "compared (and with --fail-if-slower, nothing slower than the baseline by more)");
        list.put(" " + FAILED, "with --fail-if-slower: a run or the baseline did not pass, a figure cannot be"
                + " compared, or a run is slower than the baseline by more than PCT beyond noise (or noise unknown);"
                + " or an interval log could not be read");
        list.put(" " + USAGE, "bad usage: fewer than two results, a file that is not a run's result, repeats of"
                + " different modes in one directory");
        list.put(" " + CANNOT_TELL, "with --fail-if-slower: nothing failed, but a noise band wider than PCT could hide"
                + " a slowdown beyond it");
        return list;
    }

    /** The exit-code list of {@code metric trace}. */
    public static Map<String, String> traceList() {
        Map<String, String> list = new LinkedHashMap<>();
        list.put(" " + VERIFIED, "the trace was written whole");
        list.put(" " + FAILED, "the trace could not be written to the end (a full disk, a closed pipe)");
        list.put(" " + USAGE, "bad usage: no such workload, no record or operation, or an --output that is a"
                + " directory");
        return list;
    }

    private ExitCodes() {
    }
}
