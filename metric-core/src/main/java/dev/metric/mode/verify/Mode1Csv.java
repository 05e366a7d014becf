package dev.metric.mode.verify;

import dev.metric.record.LatencySummary;
import dev.metric.record.Percentiles;
import dev.metric.report.CsvTable;
import dev.metric.report.PercentileColumns;
import dev.metric.report.RunColumns;
import dev.metric.result.LoadResult;
import dev.metric.result.ReplicaLag;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/** mode1 as one CSV row per run: {@code --csv FILE}, and a sweep's rows. */
public final class Mode1Csv {

    private Mode1Csv() {
    }

    /**
     * The columns: fixed for the default percentiles (add new ones at the end, never rename or
     * reorder); other {@code --percentiles} change the latency columns, and so the header.
     */
    public static CsvTable table(Percentiles percentiles) {
        return new CsvTable(header(percentiles));
    }

    private static List<String> header(Percentiles percentiles) {
        List<String> header = new ArrayList<>(RunColumns.SETTING);
        header.addAll(List.of("threads", "kkeys", "keys", "seed", "pipeline", "inflight", "warmup_reads",
                "load_keys_per_sec", "load_mb_per_sec", "reads", "rps", "mean_ms"));
        header.addAll(PercentileColumns.csvHeader("", percentiles));
        header.addAll(List.of("max_ms", "pool_wait_p99_ms", "errors", "mismatches", "client_cpu_us_per_read"));
        header.addAll(RunColumns.breakdownHeader("get", "set"));
        header.add("passed");
        header.addAll(List.of("every_key_checked", "every_key_not_intact", "every_key_rps"));
        header.addAll(RunColumns.DATA);
        header.addAll(List.of("read_mb_per_sec", "keys_per_read"));
        header.addAll(List.of("replicas", "replicas_read", "replica_keys_not_intact", "replica_bytes_behind_max",
                "replica_catch_up_ms_max"));
        return header;
    }

    /** {@code result} under {@link #table}'s columns for {@code percentiles}. */
    public static List<String> row(Mode1Result result, Percentiles percentiles) {
        Mode1Config config = result.config();
        VerifyResult verify = result.verify();
        LoadResult load = result.load();
        LatencySummary latency = verify.latency();
        List<String> row = new ArrayList<>(RunColumns.setting(result.header(), config.client().database()));
        row.addAll(List.of(Integer.toString(config.threads()), RunColumns.kkeys(config.keyCount()),
                Integer.toString(config.keyCount()), Long.toString(config.data().seed()),
                Integer.toString(config.pipeline()),
                Integer.toString(config.inflight()), Long.toString(verify.warmup().warmupReads()),
                load == null ? "" : CsvTable.number(load.written().keysPerSec(), 0),
                load == null ? "" : CsvTable.number(load.written().megabytesPerSec(), 2),
                Long.toString(verify.measured().reads()), CsvTable.number(verify.measured().readsPerSec(), 0),
                CsvTable.ms(latency.meanMicros())));
        row.addAll(PercentileColumns.csvCells(latency, percentiles));
        row.addAll(List.of(CsvTable.ms(latency.maxMicros()),
                CsvTable.ms(verify.connectionWait().p99Micros()), Long.toString(verify.failures().errors()),
                Long.toString(verify.failures().mismatches()),
                verify.clientCpuMicrosPerRead() < 0 ? "" : CsvTable.number(verify.clientCpuMicrosPerRead(), 2)));
        row.addAll(RunColumns.breakdown(result.breakdown(), "get", "set"));
        row.add(Boolean.toString(result.passed()));
        EveryKeyResult everyKey = result.everyKey();
        row.addAll(everyKey == null ? List.of("", "", "") : List.of(Long.toString(everyKey.checked()),
                Long.toString(everyKey.keys() - everyKey.intact()), CsvTable.number(everyKey.pace().readsPerSec(), 0)));
        row.addAll(RunColumns.data(config.data()));
        row.addAll(List.of(CsvTable.number(verify.measured().megabytesPerSec(), 2),
                Integer.toString(config.keysPerRead())));
        row.addAll(replicaCells(result.readBack().replicas()));
        return row;
    }

    /**
     * The replicas' part of a row: how many there were and were read, their keys not intact
     * together, the most bytes any was behind and the longest catch-up (empty when none caught up).
     */
    private static List<String> replicaCells(List<ReplicaCheck> replicas) {
        List<EveryKeyResult> read = replicas.stream().map(ReplicaCheck::everyKey).filter(Objects::nonNull).toList();
        long notIntact = read.stream().mapToLong(everyKey -> everyKey.keys() - everyKey.intact()).sum();
        long behind = replicas.stream().mapToLong(replica -> replica.lag().bytesBehind()).max().orElse(0);
        OptionalDouble catchUp = replicas.stream().map(ReplicaCheck::lag).filter(ReplicaLag::caughtUp)
                .mapToDouble(ReplicaLag::catchUpMillis).max();
        return List.of(Integer.toString(replicas.size()), Integer.toString(read.size()),
                replicas.isEmpty() ? "" : Long.toString(notIntact), replicas.isEmpty() ? "" : Long.toString(behind),
                catchUp.isPresent() ? CsvTable.number(catchUp.getAsDouble(), 1) : "");
    }
}
