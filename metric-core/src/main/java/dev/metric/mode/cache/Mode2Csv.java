package dev.metric.mode.cache;

import dev.metric.record.Percentiles;
import dev.metric.report.CsvTable;
import dev.metric.report.PercentileColumns;
import dev.metric.report.RunColumns;
import dev.metric.result.JvmActivity;
import dev.metric.result.OpFigures;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.search.SearchAnswer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * mode2 as one CSV row per run: {@code --csv FILE}, and a sweep's rows. A capacity search's row
 * holds the figures of its highest passing step, beside the answer.
 */
public final class Mode2Csv {

    private Mode2Csv() {
    }

    /** The columns {@link #traffic} fills, empty in the row of a search that had no passing step. */
    private static List<String> trafficColumns(Percentiles percentiles) {
        List<String> columns = new ArrayList<>(List.of("target_ops_per_sec", "duration_sec", "ops",
                "achieved_ops_per_sec", "hit_ratio"));
        columns.addAll(PercentileColumns.csvHeader("response_", percentiles));
        columns.addAll(List.of("response_max_ms", "service_p50_ms", "service_p99_ms", "get_hit_p99_ms",
                "get_miss_p99_ms", "setex_p99_ms", "refill_p99_ms", "late_p99_ms", "pool_wait_p99_ms", "errors",
                "verification_failures", "client_cpu_us_per_op"));
        return columns;
    }

    /**
     * The columns: fixed for the default percentiles (add new ones at the end, never rename or
     * reorder); other {@code --percentiles} change the response time columns, and so the header.
     */
    public static CsvTable table(Percentiles percentiles) {
        return new CsvTable(header(percentiles));
    }

    private static List<String> header(Percentiles percentiles) {
        List<String> header = new ArrayList<>(RunColumns.SETTING);
        header.addAll(List.of("threads", "kkeys", "keys", "seed", "ttl", "write_ratio", "key_distribution",
                "pipeline", "inflight"));
        header.addAll(trafficColumns(percentiles));
        header.addAll(List.of("find_max_ops_per_sec", "find_max_slos"));
        header.addAll(RunColumns.breakdownHeader("get", "setex"));
        header.add("passed");
        header.addAll(RunColumns.DATA);
        header.add("mb_per_sec");
        header.add("keys_per_read");
        header.add("mget_p99_ms");
        header.add("own_delay_p99_ms");
        header.addAll(List.of("jit_compile_ms", "gc_count", "gc_ms", "stall_p99_ms", "stall_max_ms", "stalls",
                "core_share", "client_bound", "alloc_bytes_per_op"));
        return header;
    }

    /** {@code result} under {@link #table}'s columns for {@code percentiles}. */
    public static List<String> row(Mode2Result result, Percentiles percentiles) {
        Mode2Config config = result.config();
        PhaseResult traffic = result.phases().headline();
        List<String> row = new ArrayList<>(RunColumns.setting(result.header(), config.client().database()));
        row.addAll(List.of(Integer.toString(config.threads()), RunColumns.kkeys(config.keyCount()),
                Integer.toString(config.keyCount()), Long.toString(config.data().seed()), config.mix().ttl().toString(),
                CsvTable.number(config.mix().writeRatio(), 4), config.mix().keyDistribution().describe(),
                Integer.toString(config.mix().pipeline()), Integer.toString(config.inflight())));
        row.addAll(traffic == null ? Collections.nCopies(trafficColumns(percentiles).size(), "")
                : traffic(traffic, percentiles));
        SearchAnswer<SearchStep> search = result.phases().search();
        row.add(search.searched() ? CsvTable.number(search.highestPassingOpsPerSec(), 0) : "");
        row.add(config.plan().search() == null ? "" : config.plan().search().slos().toString());
        row.addAll(RunColumns.breakdown(result.breakdown(), "get", "setex"));
        row.add(Boolean.toString(result.passed()));
        row.addAll(RunColumns.data(config.data()));
        row.add(traffic == null ? "" : CsvTable.number(traffic.all().megabytesPerSec(), 2));
        row.add(Integer.toString(config.mix().keysPerRead()));
        row.add(traffic == null ? "" : p99(traffic, OpKind.MGET));
        row.add(traffic == null ? "" : CsvTable.ms(traffic.waits().ownDelay().p99Micros()));
        row.addAll(traffic == null ? Collections.nCopies(9, "") : jvm(traffic.work().jvm(), traffic.all().count()));
        return row;
    }

    /**
     * What the JVM did beside the traffic, its stalls and busy share, and why the latency is the
     * client's, and the heap allocated per operation; compile time and allocation empty where the JVM
     * does not report them.
     */
    private static List<String> jvm(JvmActivity jvm, long operations) {
        return List.of(jvm.compileMillis() < 0 ? "" : Long.toString(jvm.compileMillis()),
                Long.toString(jvm.gcCount()), Long.toString(jvm.gcMillis()), CsvTable.ms(jvm.stalls().p99Micros()),
                CsvTable.ms(jvm.stalls().maxMicros()), Long.toString(jvm.stalls().stalls()),
                CsvTable.number(jvm.coreShare(), 3), jvm.clientBound(),
                jvm.allocatedBytes() < 0 || operations == 0 ? ""
                        : CsvTable.number((double) jvm.allocatedBytes() / operations, 0));
    }

    private static List<String> traffic(PhaseResult traffic, Percentiles percentiles) {
        OpFigures all = traffic.all();
        List<String> cells = new ArrayList<>(List.of(
                traffic.shape().targetOpsPerSec() > 0 ? CsvTable.number(traffic.shape().targetOpsPerSec(), 0) : "",
                CsvTable.number(traffic.schedule().durationSec(), 3), Long.toString(all.count()),
                CsvTable.number(traffic.schedule().achievedOpsPerSec(), 0), CsvTable.number(traffic.reads().hitRatio(),
                        4)));
        cells.addAll(PercentileColumns.csvCells(all.response(), percentiles));
        cells.addAll(List.of(CsvTable.ms(all.response().maxMicros()), CsvTable.ms(all.service().p50Micros()),
                CsvTable.ms(all.service().p99Micros()), p99(traffic, OpKind.GET_HIT), p99(traffic, OpKind.GET_MISS),
                p99(traffic, OpKind.SETEX), p99(traffic, OpKind.REFILL),
                CsvTable.ms(traffic.waits().sendLateness().p99Micros()),
                CsvTable.ms(traffic.waits().connectionWait().p99Micros()), Long.toString(traffic.errors()),
                Long.toString(traffic.checks().verificationFailures()),
                traffic.work().clientCpuMicrosPerOp() < 0 ? "" : CsvTable.number(traffic.work().clientCpuMicrosPerOp(),
                        2)));
        return cells;
    }

    /** A kind's p99 response time; empty when none of that kind got a reply. */
    private static String p99(PhaseResult traffic, OpKind kind) {
        OpFigures figures = traffic.figures(kind);
        return figures.count() == 0 ? "" : CsvTable.ms(figures.response().p99Micros());
    }
}
