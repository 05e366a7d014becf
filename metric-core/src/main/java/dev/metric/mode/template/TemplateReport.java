package dev.metric.mode.template;

import static dev.metric.report.ReportText.line;
import static dev.metric.report.ReportText.ms;

import dev.metric.config.ReadFrom;
import dev.metric.config.SearchPlan;
import dev.metric.record.LatencySummary;
import dev.metric.record.Percentiles;
import dev.metric.report.ClientWorkText;
import dev.metric.report.FaultsText;
import dev.metric.report.OperationColumns;
import dev.metric.report.PacingText;
import dev.metric.report.ReportText;
import dev.metric.report.SearchText;
import dev.metric.report.WarmupPace;
import dev.metric.result.ScheduleKept;
import dev.metric.result.TrafficShape;
import dev.metric.search.CapacitySearch;
import dev.metric.search.SearchAnswer;
import dev.metric.workload.CommandTemplate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A run of the user's commands as text. Its header says first that the replies were timed and
 * counted by type, not verified, so that no one reads it as a proof of correct data.
 */
public final class TemplateReport {

    private TemplateReport() {
    }

    /** The report of {@code result}, its table showing {@code percentiles}. */
    public static String render(TemplateResult result, Percentiles percentiles) {
        StringBuilder out = new StringBuilder(2048);
        TemplateConfig config = result.config();
        out.append("metric run: your commands, timed; replies checked by type only, NOT verified\n\n");
        ReportText.setting(out, result.header(), config.client().database(), config.flush().flushes());
        line(out, "keys", "%s, seed %d, keys %s; nothing is written before the run", ReportText.data(config.data()),
                config.data().seed(), config.keyDistribution().describe());
        for (CommandTemplate template : config.templates()) {
            if (template.keys() != null) {
                line(out, "", "`%s` draws its keys %s (--command-key-pattern)", template.text().strip(),
                        template.keys().describe());
            }
        }
        line(out, "lanes", "%s", ReportText.lanes(config.engine(), config.threads(), config.connections(),
                config.inflight(), 1));
        line(out, "pacing", "%s", PacingText.of(config.plan(), ""));
        if (config.requests() != null) {
            line(out, "requests", "%s (-n): the run ends when every lane has sent its own, each of them measured",
                    config.requests().describe());
        }
        if (config.plan().warmup().isZero()) {
            line(out, "warm-up", "none");
        } else {
            line(out, "warm-up", "%,d requests in %.1f s, the last of them at the measured pace and flowing into the "
                    + "measurement, left out of the figures", result.warmupOps(), result.warmupSec());
        }
        if (!config.plan().openLoop() && result.warmupSec() > 0) {
            WarmupPace.note(result.warmupOps() / result.warmupSec(), result.traffic().schedule().achievedOpsPerSec())
                    .ifPresent(note -> line(out, "", "%s", note));
        }
        if (result.search().searched()) {
            steps(out, result);
        }
        out.append('\n');
        out.append("| command | weight | ").append(OperationColumns.headings(percentiles, true))
                .append("replies | server calls |\n");
        out.append("|---|---:|").append(OperationColumns.alignments(percentiles, true)).append("---|---:|\n");
        for (TemplateFigures row : result.traffic().templates()) {
            out.append(String.format(Locale.ROOT, "| `%s` | %d | ", row.template(), row.weight()))
                    .append(OperationColumns.cells(row.row(), percentiles, true))
                    .append(replies(row.replyTypes())).append(" | ")
                    .append(OperationColumns.serverCalls(row.row())).append('\n');
        }
        out.append('\n');
        LatencySummary all = result.traffic().all();
        ScheduleKept schedule = result.traffic().schedule();
        line(out, "all", "%,d requests in %.2f s, %,.0f ops/s of the %s; p50 %s ms, p99 %s ms, max %s ms"
                + "%s", all.count(), schedule.durationSec(), schedule.achievedOpsPerSec(),
                config.requests() == null ? "planned length" : "whole run", ms(all.p50Micros()),
                ms(all.p99Micros()), ms(all.maxMicros()), !result.search().searched() ? ""
                        : result.search().headline() != null ? " (the search's highest passing step, its last run)"
                        : " (the search's last step: none passed)");
        ReportText.belowZero(out, List.of("response times"), List.of(all));
        line(out, "timing", "response time, from when each request was due (under a rate) or wanted to go, to its "
                + "reply; MB/s counts the bytes of the arguments and of string replies");
        line(out, "server", "calls of each command counted by the server's INFO commandstats over the measured "
                + "traffic, shared by templates of the same command; read as the warm-up flows on into the "
                + "measurement, so a request sent meanwhile counts on the server's side only");
        if (config.templates().size() > 1 && config.templateOrder() == TemplateOrder.IN_TURN) {
            line(out, "commands", "in turn on each connection, each its weight's times in a row, as memtier_benchmark"
                    + " sends its --command-ratio");
        } else if (config.templateOrder() == TemplateOrder.FOLLOWING_CURSOR) {
            line(out, "commands", "each connection's SCAN took the cursor its last SCAN returned, from 0 and from 0"
                    + " again once one returned 0, as memtier_benchmark's --scan-incremental-iteration; the row"
                    + " holds them all");
        }
        if (config.readFrom().replicas()) {
            line(out, "reads", "the templates of commands the server flags read-only went to %s (--read-from %s):"
                            + " the primary's count of them is not the run's, so their server calls are left out",
                    config.readFrom() == ReadFrom.REPLICAS ? "its replicas, each lane's connection to one"
                            : "the primary or a replica at even odds",
                    config.readFrom().name().toLowerCase(Locale.ROOT));
        }
        if (result.traffic().schedule().unsentOps() > 0) {
            line(out, "unsent", "%,d requests were due but never sent: the client fell behind the rate",
                    result.traffic().schedule().unsentOps());
        }
        ClientWorkText.append(out, result.traffic().work(), result.traffic().all().count(), "request");
        if (result.errors() > 0) {
            line(out, "errors", "%,d requests failed; first: %s", result.errors(), firstError(result));
        }
        FaultsText.append(out, result.faults());
        out.append(result.passed() ? "result   every request answered without an error (contents not verified)\n"
                : "result   FAILED: " + String.join(", ", result.failures()) + "\n");
        return out.toString();
    }

    /** The first failure of the measured traffic, or of the first step of a search that had one. */
    private static String firstError(TemplateResult result) {
        return result.search().steps().stream().map(step -> step.traffic().firstError()).filter(Objects::nonNull)
                .findFirst().orElse(result.traffic().firstError());
    }

    /** A search's steps, one row each, and its answer with what stopped it, in mode2's words. */
    private static void steps(StringBuilder out, TemplateResult result) {
        SearchAnswer<TemplateStep> search = result.search();
        SearchPlan plan = result.config().plan().search();
        out.append('\n');
        line(out, "find-max", "steps of %d s, objectives %s on response time of all requests; a step passes with "
                + "every objective held, every request due sent and no failure; a rate counts when it passed twice "
                + "and never failed", plan.stepDuration().toSeconds(), plan.slos());
        out.append('\n');
        SearchText.steps(out, search.steps(), "threads x conns x inflight | ops/s | unsent | p50 (ms) | p99 (ms) |"
                + " service p99 (ms) | errors", "---|---:|---:|---:|---:|---:|---:|", step -> {
                    TemplateTraffic traffic = step.traffic();
                    TrafficShape shape = step.shape();
                    return String.format(Locale.ROOT, "%d x %d x %d | %,.0f | %,d | %s | %s | %s | %,d",
                            shape.threads(), shape.connections(), shape.window(),
                            traffic.schedule().achievedOpsPerSec(), traffic.schedule().unsentOps(),
                            ms(traffic.all().p50Micros()),
                            ms(traffic.all().p99Micros()), ms(traffic.service().p99Micros()), traffic.errors());
                });
        out.append('\n');
        SearchText.answer(out, search.highestPassingOpsPerSec(), plan.slos(), search.searchLimit(), search.steps(),
                step -> step.traffic().work().jvm(), CapacitySearch.MAX_CONCURRENCY_FACTOR);
    }

    /** {@code string 9,803, nil 197}: the answered requests by reply type. */
    public static String replies(Map<String, Long> types) {
        return types.isEmpty() ? "none" : types.entrySet().stream()
                .map(type -> String.format(Locale.ROOT, "%s %,d", type.getKey(), type.getValue()))
                .collect(Collectors.joining(", "));
    }
}
