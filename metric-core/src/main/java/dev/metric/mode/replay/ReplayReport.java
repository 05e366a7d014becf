package dev.metric.mode.replay;

import static dev.metric.report.ReportText.line;
import static dev.metric.report.ReportText.ms;

import dev.metric.client.Protocol;
import dev.metric.config.Slo;
import dev.metric.record.LatencySummary;
import dev.metric.record.Percentiles;
import dev.metric.report.ClientWorkText;
import dev.metric.report.FaultsText;
import dev.metric.report.OperationColumns;
import dev.metric.report.PacingText;
import dev.metric.report.ReportText;
import dev.metric.report.SearchText;
import dev.metric.result.Mismatch;
import dev.metric.search.SearchAnswer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** A replay as text: what the trace held, how it was replayed, each command's figures, what the reads found. */
public final class ReplayReport {

    private ReplayReport() {
    }

    /** The report of {@code result}, its table showing {@code percentiles}. */
    public static String render(ReplayResult result, Percentiles percentiles) {
        StringBuilder out = new StringBuilder(2048);
        ReplayConfig config = result.config();
        TraceSummary trace = config.trace().summary();
        out.append("metric replay: a trace's commands, timed; reads of the keys it wrote checked byte for byte\n\n");
        ReportText.setting(out, result.header(), config.client().database(), config.flush().flushes());
        TraceText.lines(trace).forEach(each -> line(out, each[0], "%s", each[1]));
        line(out, "lanes", "%s; every key's commands on one lane, in the trace's order", ReportText.lanes(
                config.engine(), config.threads(), config.connections(), config.inflight(), 1));
        line(out, "pacing", "%s", config.timed() ? String.format(Locale.ROOT, "at the trace's own times, %s times its"
                + " pace (--speed); response time from each command's due time", config.speed())
                : config.search() != null ? "each step of the search at its own rate; response time from each"
                + " command's due time"
                : config.rate().paced() ? PacingText.of(config.rate(), config.rateTick(), "")
                : "as fast as the lanes go (closed loop)");
        UnmeasuredPhase warm = result.unmeasured().warm();
        if (config.trace().summary().format() == TraceFormat.YCSB && config.trace().target() == Protocol.REDIS) {
            line(out, "warm", "%,d commands for the %,d records the trace reads before it writes them (an HMSET of"
                    + " their %d fields and a ZADD to _indices each, as YCSB's load phase writes them), in %.1f s"
                    + " (values of %s), left out of the figures%s", warm.count(),
                    config.trace().summary().keyCounts().warmKeys(), config.trace().recordFields().length,
                    warm.seconds(), config.warmValueSizes(), failed(warm));
        } else {
            line(out, "warm", "%,d keys the trace reads before it writes them, written in %.1f s (values of %s), left"
                    + " out of the figures%s", warm.count(), warm.seconds(), config.warmValueSizes(), failed(warm));
        }
        UnmeasuredPhase warmup = result.unmeasured().warmup();
        long listedInWarmup = warmup.count() - config.warmupCommands();
        line(out, "warm-up", "the trace's first %,d commands (--warmup)%s in %.1f s, their reads checked, left out of"
                + " the figures%s", Math.min(warmup.count(), config.warmupCommands()), listedInWarmup > 0
                        ? String.format(Locale.ROOT, " and %,d reads of keys their scans listed", listedInWarmup) : "",
                warmup.seconds(), failed(warmup));
        if (result.search().searched()) {
            line(out, "", "(the warm phase and the warm-up of the search's first step; every step has its own)");
            steps(out, result);
        }
        out.append('\n');
        out.append("| command | ").append(OperationColumns.headings(percentiles, true)).append("server calls |\n");
        out.append("|---|").append(OperationColumns.alignments(percentiles, true)).append("---:|\n");
        for (ReplayFigures row : result.commands()) {
            out.append("| ").append(row.command()).append(" | ")
                    .append(OperationColumns.cells(row.row(), percentiles, true))
                    .append(OperationColumns.serverCalls(row.row())).append('\n');
        }
        out.append('\n');
        LatencySummary all = result.totals().all();
        line(out, "all", "%,d of the trace's %,d commands measured in %.2f s, %,.0f ops/s; p50 %s ms, p99 %s ms, max"
                + " %s ms%s", all.count(), trace.replayed().commands(), result.totals().durationSec(),
                result.totals().opsPerSec(), ms(all.p50Micros()), ms(all.p99Micros()), ms(all.maxMicros()),
                !result.search().searched() ? "" : result.search().headline() != null
                        ? " (the search's highest passing step, its last run)"
                        : " (the search's last step: none passed)");
        ReportText.belowZero(out, List.of("response times", "send latenesses"), List.of(all,
                result.totals().lateness()));
        if (!result.unknownCommands().isEmpty()) {
            line(out, "unknown", "%,d commands the server does not know (not in its COMMAND reply), none sent: %s",
                    result.unknownCommandCount(),
                    result.unknownCommands().entrySet().stream()
                            .map(entry -> String.format(Locale.ROOT, "%s %,d", entry.getKey(), entry.getValue()))
                            .collect(Collectors.joining(", ")));
        }
        if (config.paced()) {
            LatencySummary late = result.totals().lateness();
            line(out, "late", "sent after their due time by p50 %s ms, p99 %s ms, max %s ms", ms(late.p50Micros()),
                    ms(late.p99Micros()), ms(late.maxMicros()));
        }
        line(out, "server", config.trace().target() == Protocol.MEMCACHED
                ? "calls of each command counted by memcached's stats over the replay (cmd_get; cmd_set for every"
                        + " storage command together; delete_hits and delete_misses)"
                : "calls of each command counted by the server's INFO commandstats over the replay (? where metric's"
                        + " own watch sends it too)");
        ReplayCheck check = result.check();
        line(out, "verify", "%,d key reads judged (warm-up included): %,d as the replay left them, %,d NOT%s",
                check.judged(),
                check.intact(), check.failed(), check.failures().isEmpty() ? "" : " (" + failures(check.failures())
                        + ")");
        line(out, "unjudged", "%,d key reads of keys the replay cannot know (not written by it, changed by a command "
                + "it does not follow, or after a failed write); %,d misses of keys written with a TTL",
                check.notJudged(), check.missesWithTtl());
        if (check.listedReads() > 0) {
            line(out, "listed", "%,d reads of the keys scans of YCSB's index listed, sent beside the trace's commands;"
                    + " each field they returned checked for being one of the replay's values of it, whole",
                    check.listedReads());
        }
        for (Mismatch mismatch : check.first()) {
            line(out, "mismatch", "%s", mismatch.describe());
        }
        ClientWorkText.append(out, result.totals().work(), all.count(), "command");
        if (result.errors() > 0) {
            line(out, "errors", "%,d commands failed; first: %s", result.errors(), result.firstError());
        }
        FaultsText.append(out, result.faults());
        out.append(result.passed() ? "result   every command answered without an error, every judged read intact\n"
                : "result   FAILED: " + String.join(", ", result.failures()) + "\n");
        return out.toString();
    }

    /** A search's steps, one row each, and its answer with what stopped it. */
    private static void steps(StringBuilder out, ReplayResult result) {
        SearchAnswer<ReplayStep> search = result.search();
        List<Slo> slos = result.config().search().slos();
        out.append('\n');
        line(out, "find-max", "each step a replay of the whole trace at its rate, from the state its warm phase"
                + " leaves; objectives %s on response time of all commands; a step passes with every objective held,"
                + " no command failed and every judged read intact; a rate counts when it passed twice and never"
                + " failed", slos);
        out.append('\n');
        SearchText.steps(out, search.steps(), "ops/s | p50 (ms) | p99 (ms) | late p99 (ms) | stall p99 (ms) | errors"
                + " | mismatches", "---:|---:|---:|---:|---:|---:|---:|", step -> String.format(Locale.ROOT,
                "%,.0f | %s | %s | %s | %s | %,d | %,d",
                        step.totals().opsPerSec(), ms(step.totals().all().p50Micros()),
                        ms(step.totals().all().p99Micros()), ms(step.totals().lateness().p99Micros()),
                        ms(step.totals().work().jvm().stalls().p99Micros()), step.errors(), step.mismatches()));
        out.append('\n');
        SearchText.answer(out, search.highestPassingOpsPerSec(), slos, search.searchLimit(), search.steps(),
                step -> step.totals().work().jvm(), 1);
    }

    private static String failed(UnmeasuredPhase phase) {
        return phase.errors() == 0 ? "" : String.format(Locale.ROOT, "; %,d FAILED, first: %s", phase.errors(),
                phase.firstError());
    }

    private static String failures(Map<String, Long> failures) {
        return failures.entrySet().stream()
                .map(failure -> String.format(Locale.ROOT, "%s %,d", failure.getKey(), failure.getValue()))
                .collect(Collectors.joining(", "));
    }
}
