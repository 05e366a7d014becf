package dev.metric.mode.verify;

import static dev.metric.report.ReportText.line;
import static dev.metric.report.ReportText.ms;

import dev.metric.record.LatencySummary;
import dev.metric.record.Percentiles;
import dev.metric.report.BreakdownTable;
import dev.metric.report.FaultsText;
import dev.metric.report.PercentileColumns;
import dev.metric.report.ReportText;
import dev.metric.result.LoadResult;
import dev.metric.result.Mismatch;
import dev.metric.result.ServerStats;
import java.util.List;
import java.util.Locale;

/**
 * The mode1 result as text: the configuration it was measured with, the load phase, and the
 * original tool's table (client threads | rps | 95% latency) widened with the other percentiles,
 * errors and mismatches.
 */
public final class Mode1Report {

    /** The original tool's headline percentile, always the table's first latency column. */
    private static final double HEADLINE = 95.0;

    private Mode1Report() {
    }

    /** The report of {@code result}, its latency table showing p95 (the headline) and {@code percentiles}. */
    public static String render(Mode1Result result, Percentiles percentiles) {
        StringBuilder out = new StringBuilder(2048);
        Mode1Config config = result.config();

        out.append("metric mode1: write, then read back and verify every value\n\n");
        ReportText.setting(out, result.header(), config.client().database(), config.flush().flushes());
        line(out, "keys", "%s, seed %d, %,d bytes in all", ReportText.data(config.data()), config.data().seed(),
                result.dataSetBytes());
        ReportText.access(out, config.data());
        out.append('\n');
        load(out, result);
        readsTable(out, result, percentiles);
        out.append('\n');
        reads(out, result);
        BreakdownTable.append(out, result.breakdown());
        ending(out, result);
        return out.toString();
    }

    /** The load: its rate, and what it retried or could not write. */
    private static void load(StringBuilder out, Mode1Result result) {
        Mode1Config config = result.config();
        LoadResult load = result.load();
        if (load == null) {
            out.append("load     skipped (--skip-load): verifying data already written with this seed and key count\n");
        } else {
            line(out, "load", "%,d keys, %,d bytes in %.2f s: %,.0f keys/s, %.1f MB/s, pipeline %d, %d threads",
                    load.written().keysWritten(), load.written().bytesWritten(), load.written().durationSec(),
                            load.written().keysPerSec(),
                    load.written().megabytesPerSec(), config.pipeline(), config.threads());
            line(out, "", "%,d error replies and %,d connection errors retried, %,d keys not written%s",
                    load.failures().errorReplies(), load.failures().connectionErrors(), load.keysNotWritten(),
                    load.failures().firstError() == null ? "" : "; first: " + load.failures().firstError());
        }
    }

    /** The random reads' row and the every-key check's, the original's table widened. */
    private static void readsTable(StringBuilder out, Mode1Result result, Percentiles percentiles) {
        VerifyResult verify = result.verify();
        EveryKeyResult everyKey = result.everyKey();
        out.append('\n');
        out.append("| reads | client threads | rps | 95% latency (ms) | ")
                .append(PercentileColumns.headings(percentiles, HEADLINE))
                .append("max (ms) | MB/s | errors | mismatches |\n");
        out.append("|---|---:|---:|---:|").append(PercentileColumns.alignments(percentiles, HEADLINE))
                .append("---:|---:|---:|---:|\n");
        row(out, "random", verify.threads(), verify.measured().readsPerSec(), verify.measured().megabytesPerSec(),
                verify.latency(),
                verify.failures().errors(), verify.failures().mismatches(), percentiles);
        if (everyKey != null) {
            everyKeyRow(out, "every key once", verify.threads(), everyKey, percentiles);
        }
        for (ReplicaCheck replica : result.readBack().replicas()) {
            if (replica.everyKey() != null) {
                everyKeyRow(out, "every key once, replica " + replica.replica(), verify.threads(), replica.everyKey(),
                        percentiles);
            }
        }
    }

    /** How the reads went: counts, lanes, service time, connection waits, CPU, failures. */
    private static void reads(StringBuilder out, Mode1Result result) {
        Mode1Config config = result.config();
        VerifyResult verify = result.verify();
        line(out, "reads", "random: %,d measured in %.2f s, keys drawn uniformly with replacement, after %,d warm-up "
                        + "reads (%.2f s) left out of the figures; MB/s counts key and value bytes",
                verify.measured().reads(), verify.measured().durationSec(), verify.warmup().warmupReads(),
                        verify.warmup().warmupSec());
        if (config.keysPerRead() > 1) {
            line(out, "", "each read is an MGET of %d keys (fewer in the last of a lane), every value checked; rps and "
                    + "latency are per MGET, and the breakdown has no row for them", config.keysPerRead());
        }
        checked(out, result);
        line(out, "lanes", "%s", ReportText.lanes(config.engine(), config.threads(), config.connections(),
                config.inflight(), 1));
        line(out, "timing", "latency is response time, from when the read was meant to go (before any wait for a "
                + "connection) to its reply; failed reads are in it, timed until they were given up");
        LatencySummary service = verify.service();
        line(out, "service", "from when a read went on the wire (%s): p50 %s ms, p95 %s ms, p99 %s ms, max %s ms",
                result.header().client().replyTiming().meaning(), ms(service.p50Micros()), ms(service.p95Micros()),
                ms(service.p99Micros()), ms(service.maxMicros()));
        ReportText.belowZero(out, List.of("response times", "service times"), List.of(verify.latency(), service));
        LatencySummary wait = verify.connectionWait();
        line(out, "pool", "waiting for a connection: p50 %s ms, p95 %s ms, p99 %s ms, max %s ms over %,d leases "
                        + "(in the latency above)", ms(wait.p50Micros()), ms(wait.p95Micros()), ms(wait.p99Micros()),
                ms(wait.maxMicros()), wait.count());
        if (verify.clientCpuMicrosPerRead() >= 0) {
            line(out, "cpu", "%.1f us of client CPU per read (this process, all threads)",
                    verify.clientCpuMicrosPerRead());
        }
        ServerStats server = result.readsServerDelta();
        if (server != null && verify.measured().reads() > 0 && server.serverCpuMicros() != ServerStats.UNKNOWN) {
            line(out, "server", "%.1f us of server CPU per read (%s over the random reads, of every client)",
                    (double) server.serverCpuMicros() / verify.measured().reads(),
                            result.header().server().cpuFields());
        }
        if (verify.failures().errors() > 0) {
            line(out, "errors", "%,d reads failed; first: %s", verify.failures().errors(),
                    verify.failures().firstError());
        }
        if (verify.failures().mismatches() > 0) {
            line(out, "mismatch", "%,d reads did not return the value written; the first %d:",
                    verify.failures().mismatches(), verify.failures().firstMismatches().size());
            for (Mismatch mismatch : verify.failures().firstMismatches()) {
                out.append("           ").append(mismatch.describe()).append('\n');
            }
        }
    }

    /** The nodes' shares, the faults, why values failed, and the verdict. */
    private static void ending(StringBuilder out, Mode1Result result) {
        out.append('\n');
        ReportText.nodes(out, result.serverView().nodes(), "from the start of the run to its end");
        FaultsText.append(out, result.faults());
        long mode2Values = result.verify().failures().otherModeValues()
                + (result.everyKey() == null ? 0 : result.everyKey().losses().otherModeValues())
                + result.readBack().replicas().stream().filter(replica -> replica.everyKey() != null)
                        .mapToLong(replica -> replica.everyKey().losses().otherModeValues()).sum();
        if (mode2Values > 0) {
            line(out, "why", "%,d of the values read are intact values of metric mode2 (they name a version): these"
                    + " keys hold a mode2 run's data, which mode1 does not verify; load them with mode1 (without"
                    + " --skip-load)", mode2Values);
        }
        int replicas = result.readBack().replicas().size();
        String intact = result.evicted(result.everyKey()) ? String.format(Locale.ROOT, "every key intact or evicted"
                + " by the server (%,d missing, within its evictions)", result.everyKey().losses().missing())
                : "every key intact";
        out.append(result.passed()
                ? (result.everyKey() == null ? "result   every read verified (only the keys drawn)\n"
                        : replicas == 0 ? "result   " + intact + ", every read verified\n"
                        : String.format(Locale.ROOT, "result   %s on the primary and on its %d replica%s, every read"
                                + " verified%n", intact, replicas, replicas == 1 ? "" : "s"))
                : "result   FAILED: " + String.join(", ", result.failures()) + "\n");
    }

    private static void everyKeyRow(StringBuilder out, String reads, int threads, EveryKeyResult check,
                                    Percentiles percentiles) {
        row(out, reads, threads, check.pace().readsPerSec(), check.pace().megabytesPerSec(), check.latency(),
                check.failedReads(), check.checked() - check.intact(), percentiles);
    }

    private static void row(StringBuilder out, String reads, int threads, double rps, double megabytesPerSec,
                            LatencySummary latency, long errors, long mismatches, Percentiles percentiles) {
        out.append(String.format(Locale.ROOT, "| %s | %d | %,.0f | %s | ", reads, threads, rps,
                        ms(latency.p95Micros())))
                .append(PercentileColumns.cells(latency, percentiles, HEADLINE))
                .append(String.format(Locale.ROOT, "%s | %.1f | %,d | %,d |%n", ms(latency.maxMicros()),
                        megabytesPerSec, errors, mismatches));
    }

    /** What was checked: every key once, on the primary and each replica, or only the keys the random reads drew. */
    private static void checked(StringBuilder out, Mode1Result result) {
        EveryKeyResult everyKey = result.everyKey();
        if (everyKey == null) {
            line(out, "checked", result.config().checks().verifyAll()
                    ? "only the keys the random reads drew: the run stopped before every key was read"
                    : "only the keys the random reads drew (--no-verify-all): keys never drawn were not checked");
            return;
        }
        line(out, "checked", "every key once, in a shuffled order, after the random reads (%.2f s): %s",
                everyKey.pace().durationSec(), found(everyKey));
        firstFailures(out, everyKey);
        ReportText.evicted(out, result.serverView().eviction(), everyKey.losses().missing(), "missing", false);
        for (ReplicaCheck replica : result.readBack().replicas()) {
            line(out, "replica", "%s: %s", replica.replica(), ReportText.replicaLag(replica.lag(),
                    "the primary's keys were read", result.load() != null ? "the load ended" : "the wait began",
                    result.config().checks().replicas().catchUp()));
            if (replica.everyKey() != null) {
                line(out, "", "every key once (%.2f s): %s", replica.everyKey().pace().durationSec(),
                        found(replica.everyKey()));
                firstFailures(out, replica.everyKey());
            }
        }
    }

    /** What reading every key once found: intact keys, each kind of loss, and reads that failed or never ran. */
    private static String found(EveryKeyResult check) {
        return String.format(Locale.ROOT, "%,d of %,d keys intact; %,d missing, %,d wrong length, %,d wrong bytes, %,d"
                        + " another key's value, %,d reads failed, %,d not read", check.intact(), check.keys(),
                check.losses().missing(), check.losses().wrongLength(), check.losses().wrongBytes(),
                check.losses().otherKey(), check.failedReads(), check.notRead());
    }

    private static void firstFailures(StringBuilder out, EveryKeyResult check) {
        if (check.failedReads() > 0) {
            line(out, "", "first failed read: %s", check.firstError());
        }
        for (Mismatch mismatch : check.firstMismatches()) {
            out.append("           ").append(mismatch.describe()).append('\n');
        }
    }
}
