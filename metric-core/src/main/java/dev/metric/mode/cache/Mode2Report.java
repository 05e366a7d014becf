package dev.metric.mode.cache;

import static dev.metric.report.ReportText.line;
import static dev.metric.report.ReportText.ms;

import dev.metric.client.ClientDescription;
import dev.metric.client.EngineKind;
import dev.metric.config.ReadFrom;
import dev.metric.config.SearchPlan;
import dev.metric.record.LatencySummary;
import dev.metric.record.Percentiles;
import dev.metric.report.BreakdownTable;
import dev.metric.report.ClientWorkText;
import dev.metric.report.FaultsText;
import dev.metric.report.PacingText;
import dev.metric.report.PercentileColumns;
import dev.metric.report.ReportText;
import dev.metric.report.SearchText;
import dev.metric.report.WarmupPace;
import dev.metric.result.Eviction;
import dev.metric.result.LoadResult;
import dev.metric.result.Mismatch;
import dev.metric.result.OpFigures;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.result.ServerStats;
import dev.metric.result.WriteAcks;
import dev.metric.search.CapacitySearch;
import dev.metric.search.SearchAnswer;
import dev.metric.ycsb.YcsbWorkload;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * The mode2 result as text: the configuration, one row per kind of operation with response time
 * (and, under a target rate, service time beside it), hit ratio, the server's own counters, and
 * for a capacity search one row per step and the answer.
 */
public final class Mode2Report {

    private Mode2Report() {
    }

    /** The report of {@code result}, its latency tables showing {@code percentiles}. */
    public static String render(Mode2Result result, Percentiles percentiles) {
        StringBuilder out = new StringBuilder(4096);
        Mode2Config config = result.config();
        heading(out, config);
        setting(out, result);
        out.append('\n');
        before(out, result);
        if (result.phases().measured() != null) {
            measured(out, result.phases().measured(), config, result.header().client(), percentiles);
        }
        if (!result.phases().search().steps().isEmpty()) {
            search(out, result);
        }
        serverCounters(out, result);
        strict(out, result);
        replicas(out, result);
        BreakdownTable.append(out, result.breakdown());
        ending(out, result);
        return out.toString();
    }

    /** The first line: what the run sent. */
    private static void heading(StringBuilder out, Mode2Config config) {
        if (config.mix().workload() != null) {
            out.append(String.format("metric mode2: YCSB workload %s, as YCSB's Redis binding sends it (a record a"
                    + " hash, keys in the sorted set %s_indices), every record read verified field by field%n%n",
                    config.mix().workload().name(), config.data().keyPrefix()));
        } else if (config.data().structured()) {
            out.append(String.format("metric mode2: cache workload of %s, read whole and rewritten whole with TTLs, "
                    + "refill on miss, every hit verified; rows named GET are its reads, SETEX its rewrites%n%n",
                    config.data().type().plural()));
        } else if (config.mix().keysPerRead() > 1) {
            out.append(String.format("metric mode2: cache workload, MGET of %d keys and SETEX with TTLs, refill of"
                    + " every key missed, every hit verified%n%n", config.mix().keysPerRead()));
        } else {
            out.append("metric mode2: cache workload, GET and SETEX with TTLs, refill on miss, every hit verified\n\n");
        }
    }

    /** What ran where, on which keys, how. */
    private static void setting(StringBuilder out, Mode2Result result) {
        Mode2Config config = result.config();
        ReportText.setting(out, result.header(), config.client().database(), config.flush().flushes());
        if (config.mix().workload() != null) {
            line(out, "records", "%,d loaded (recordcount), each a hash of %d fields of %d B whose values name their"
                            + " record, field and version, seed %d", config.keyCount(), YcsbWorkload.FIELD_COUNT,
                    YcsbWorkload.FIELD_LENGTH, config.data().seed());
            line(out, "workload", "%s", config.mix().workload().describe());
        } else {
            line(out, "keys", "%s naming their key and version, seed %d", ReportText.data(config.data()),
                    config.data().seed());
            ReportText.access(out, config.data());
            line(out, "workload", "write ratio %s, TTL %s, keys %s", number(config.mix().writeRatio()),
                    config.mix().ttl(), config.mix().keyDistribution().describe());
            readFrom(out, config.mix().readFrom());
        }
        line(out, "lanes", "%s", ReportText.lanes(config.engine(), config.threads(), config.connections(),
                config.inflight(), config.mix().pipeline()));
        line(out, "pacing", "%s", PacingText.of(config.plan(), " (refills on top)"));
        if ((config.plan().openLoop() || config.plan().search() != null) && config.engine() == EngineKind.THREADS) {
            line(out, "", "a thread waits for each reply before it sends again: an operation that falls due meanwhile "
                    + "goes late, and its send lateness includes that wait (--engine loop does not wait)");
        }
    }

    /** The preload and the warm-up, both left out of the figures. */
    private static void before(StringBuilder out, Mode2Result result) {
        Mode2Config config = result.config();
        LoadResult preload = result.preload();
        if (preload == null) {
            out.append("preload  skipped (--skip-load): using keys an earlier run preloaded with this seed and key"
                    + " count\n");
        } else {
            line(out, "preload", "%,d keys, %,d bytes in %.2f s: %,.0f keys/s, %s in batches of %d; %,d retried, "
                            + "%,d not written%s",
                    preload.written().keysWritten(), preload.written().bytesWritten(), preload.written().durationSec(),
                            preload.written().keysPerSec(),
                    config.mix().workload() != null ? "HMSET of every field, then ZADD to _indices,"
                            : config.data().structured() ? "EVAL" : "SETEX", Mode2Config.LOAD_PIPELINE,
                    preload.failures().errorReplies() + preload.failures().connectionErrors(),
                    preload.keysNotWritten(),
                    preload.failures().firstError() == null ? "" : "; first error: " + preload.failures().firstError());
        }
        PhaseResult warmup = result.phases().warmup();
        List<PhaseResult> stepWarmups = result.phases().search().steps().stream().map(SearchStep::warmUp)
                .filter(Objects::nonNull).toList();
        if (!stepWarmups.isEmpty()) {
            line(out, "warm-up", "each step warmed up at its own rate, flowing into its measurement: %,d "
                            + "operations in all, left out of the figures (%,d errors, %,d verification failures)",
                    stepWarmups.stream().mapToLong(step -> step.all().count()).sum(),
                    stepWarmups.stream().mapToLong(PhaseResult::errors).sum(),
                    stepWarmups.stream().mapToLong(phase -> phase.checks().verificationFailures()).sum());
        } else if (warmup == null) {
            line(out, "warm-up", "none");
        } else {
            line(out, "warm-up", "%,d operations in %.2f s, the last of them at the measured rate and flowing into "
                    + "the measurement, left out of every figure below (%,d errors, %,d verification failures)",
                    warmup.all().count(), warmup.schedule().durationSec(), warmup.errors(),
                            warmup.checks().verificationFailures());
            PhaseResult measured = result.phases().measured();
            double warmupSec = warmup.schedule().durationSec();
            if (measured != null && !config.plan().openLoop() && config.plan().search() == null && warmupSec > 0) {
                WarmupPace.note(warmup.all().count() / warmupSec, measured.schedule().achievedOpsPerSec())
                        .ifPresent(note -> line(out, "", "%s", note));
            }
        }
    }

    /**
     * What the server counted over the measured traffic or the search, in its own names, the CPU it
     * spent per operation, and whether its hits and misses are the run's.
     */
    private static void serverCounters(StringBuilder out, Mode2Result result) {
        ServerStats delta = result.serverDelta();
        if (delta == null) {
            line(out, "server", "its counters over the run are unknown: it could not be asked at the end, or it"
                    + " restarted and started them over%s", result.config().client().sentinels() == null ? ""
                            : ", or the Sentinels made another server the primary");
            return;
        }
        boolean memcached = result.header().server().memcached();
        String over = result.phases().measured() != null ? "measured traffic" : "search";
        line(out, "server", memcached
                        ? "over the %s: %s get_hits, %s get_misses, %s get_expired, %s evictions, %s cmd_get and"
                                + " cmd_set"
                        : "over the %s: %s keyspace hits, %s misses, %s keys expired, %s evicted, %s commands",
                over, ServerStats.text(delta.keyspaceHits()), ServerStats.text(delta.keyspaceMisses()),
                ServerStats.text(delta.expiredKeys()), ServerStats.text(delta.evictedKeys()),
                ServerStats.text(delta.commands()));
        PhaseResult measured = result.phases().measured();
        if (measured == null || measured.all().count() == 0) {
            return;
        }
        if (delta.serverCpuMicros() != ServerStats.UNKNOWN) {
            line(out, "", "%.1f us of server CPU per operation (%s over the measured traffic, of every client)",
                    (double) delta.serverCpuMicros() / measured.all().count(), result.header().server().cpuFields());
        }
        if (result.config().mix().workload() != null) {
            // The server counts a SCAN's read of the index as a keyspace hit too, and the run's reads are of records.
            return;
        }
        if (result.config().mix().readFrom().replicas()) {
            line(out, "", "its hits and misses are of the reads sent to it, not of those sent to its replicas"
                    + " (--read-from), so the run's are not set beside them");
            return;
        }
        if (delta.keyspaceHits() == ServerStats.UNKNOWN || delta.keyspaceMisses() == ServerStats.UNKNOWN) {
            line(out, "", "it does not report its hits and misses, so the run's cannot be set beside them");
            return;
        }
        PhaseResult.KeyReads reads = measured.reads();
        boolean same = delta.keyspaceHits() == reads.keyHits() && delta.keyspaceMisses() == reads.keyMisses();
        line(out, "", same ? "its hits and misses are the run's, key for key (a comparison, not a check: another"
                        + " client of the server would count too)"
                : "its hits and misses differ from the run's by %+,d and %+,d: another client read meanwhile, or"
                        + " replies were lost (a comparison, not a check: the run does not fail on it)",
                delta.keyspaceHits() - reads.keyHits(), delta.keyspaceMisses() - reads.keyMisses());
    }

    /** The nodes' shares, the faults, why values failed, and the verdict. */
    private static void ending(StringBuilder out, Mode2Result result) {
        out.append('\n');
        ReportText.nodes(out, result.serverView().nodes(), result.phases().search().steps().isEmpty()
                ? "in the measured traffic" : "in the search's steps");
        FaultsText.append(out, result.faults());
        PhaseResult measured = result.phases().measured();
        long mode1Values = measured == null ? 0 : measured.checks().otherModeValues();
        if (mode1Values > 0) {
            line(out, "why", "%,d of the hits are intact values of metric mode1 (they name no version): these keys"
                    + " hold a mode1 run's data, which mode2 does not verify; preload them with mode2 (without"
                    + " --skip-load)", mode1Values);
        }
        out.append(result.passed()
                ? result.config().mix().workload() != null ? "result   every record read verified, no request failed\n"
                        : "result   every hit verified, no request failed\n"
                : "result   FAILED: " + String.join(", ", result.failures()) + "\n");
    }

    private static void measured(StringBuilder out, PhaseResult measured, Mode2Config config,
                                 ClientDescription client, Percentiles percentiles) {
        out.append('\n');
        boolean paced = config.plan().openLoop();
        out.append(paced ? "response time, from when each operation was due (what users wait):\n"
                : "response time, from when each thread wanted to send (before waiting for a connection):\n");
        table(out, measured, config, OpFigures::response, percentiles);
        out.append("\nservice time, from when each operation went on the wire (").append(client.replyTiming().meaning())
                .append("):\n");
        table(out, measured, config, OpFigures::service, percentiles);
        out.append('\n');
        if (paced) {
            line(out, "rate", "%,.0f scheduled ops/s sent of %,.0f targeted (%.1f%%); %s come on top",
                    measured.schedule().achievedOpsPerSec(), measured.shape().targetOpsPerSec(),
                    100 * measured.schedule().achievedOpsPerSec() / measured.shape().targetOpsPerSec(),
                    config.mix().workload() != null ? "an operation's later commands" : "refills");
        }
        LatencySummary late = measured.waits().sendLateness();
        line(out, "late", "operations went on the wire after their intended start by p50 %s ms, p99 %s ms, max %s ms: "
                + "the difference between the two tables", ms(late.p50Micros()), ms(late.p99Micros()),
                ms(late.maxMicros()));
        LatencySummary own = measured.waits().ownDelay();
        line(out, "own", "of which the client's own delay, from when each operation was due and its connection "
                + "had room: p50 %s ms, p99 %s ms, max %s ms; the rest waited for %s to be read (the server's "
                + "time and the client's reading, as in service time)",
                ms(own.p50Micros()), ms(own.p99Micros()), ms(own.maxMicros()),
                measured.shape().window() == 1 ? "the connection's previous reply"
                        : "a reply, with " + measured.shape().window() + " requests in flight on the connection,");
        ReportText.belowZero(out, List.of("response times", "service times", "send latenesses", "own delays"),
                List.of(measured.all().response(), measured.all().service(), late, own));
        if (measured.schedule().unsentOps() > 0) {
            line(out, "unsent", "%,d operations were due but never sent: the client fell behind the schedule and had "
                    + "not caught up %s after the end", measured.schedule().unsentOps(),
                            config.client().commandTimeout());
        }
        if (config.mix().workload() != null) {
            line(out, "reads", "%,d records read were there, %,d were not; a READ-MODIFY-WRITE's, an INSERT's and a"
                    + " SCAN's rows time each operation whole, its commands also in the inner command row",
                    measured.reads().keyHits(), measured.reads().keyMisses());
        } else {
            line(out, "hits", "hit ratio %s: %,d hits, %,d misses, %,d refills%s", ratio(measured.reads().hitRatio()),
                    measured.reads().keyHits(), measured.reads().keyMisses(), measured.figures(OpKind.REFILL).count(),
                    config.mix().keysPerRead() > 1 ? String.format(" (keys, %d to an MGET)",
                    config.mix().keysPerRead()) : "");
        }
        writeAcks(out, measured.answers().writeAcks(),
                config.mix().writeWait() == null ? 1 : config.mix().writeWait().share());
        line(out, "time", "%,d operations measured in %.2f s; MB/s counts the key and value bytes each carried "
                + "(written, or returned by a hit)", measured.all().count(), measured.schedule().durationSec());
        LatencySummary wait = measured.waits().connectionWait();
        line(out, "pool", "waiting for a connection: p50 %s ms, p99 %s ms, max %s ms over %,d leases "
                        + "(in response time)",
                ms(wait.p50Micros()), ms(wait.p99Micros()), ms(wait.maxMicros()), wait.count());
        ClientWorkText.append(out, measured.work(), measured.all().count(), "operation");
        errors(out, measured, config.mix().workload() != null);
    }

    /** Where the reads went, when not only to the primary. */
    private static void readFrom(StringBuilder out, ReadFrom readFrom) {
        if (readFrom.replicas()) {
            line(out, "reads", "%s; writes (refills too) to the primary (--read-from %s)",
                    readFrom == ReadFrom.REPLICAS
                            ? "every read to a replica, each lane's connection to one, the replicas taken in turn"
                            : "each read to the primary or to a replica at even odds",
                    readFrom.name().toLowerCase(Locale.ROOT));
        }
    }

    /**
     * The {@code wait} line under {@code --wait}: how many replicas the WAITs after the writes said had
     * each write, and how many fell short of those asked for when WAIT's timeout ran out.
     */
    private static void writeAcks(StringBuilder out, WriteAcks acks, double share) {
        if (acks == null) {
            return;
        }
        StringBuilder counts = new StringBuilder();
        for (int replicas = acks.replicasAsked(); replicas >= 0; replicas--) {
            long waits = acks.byReplicas().get(replicas);
            if (replicas == acks.replicasAsked()) {
                counts.append(String.format(Locale.ROOT, "on at least %d %s for %,d", replicas,
                        replicas == 1 ? "replica" : "replicas", waits));
            } else if (waits > 0) {
                counts.append(String.format(Locale.ROOT, ", on %d for %,d", replicas, waits));
            }
        }
        long fellShort = acks.answered() - acks.reachedAll();
        line(out, "wait", "WAIT %d %d after %s: %,d answered; the write was %s%s", acks.replicasAsked(),
                acks.timeoutMillis(), share == 1 ? "each write" : String.format(Locale.ROOT, "%s of the writes"
                        + " (--wait-ratio)", percent(share)), acks.answered(), counts, fellShort == 0 ? ""
                        : String.format(Locale.ROOT, "; %,d fell short when WAIT's %d ms ran out", fellShort,
                                acks.timeoutMillis()));
    }

    private static void table(StringBuilder out, PhaseResult phase, Mode2Config config,
                              Function<OpFigures, LatencySummary> latency, Percentiles percentiles) {
        out.append("| operation | count | ops/s | MB/s | ").append(PercentileColumns.headings(percentiles, Double.NaN))
                .append("max (ms) |\n");
        out.append("|---|---:|---:|---:|").append(PercentileColumns.alignments(percentiles, Double.NaN))
                .append("---:|\n");
        for (OpKind kind : OpKind.values()) {
            if (kind != OpKind.FAILED && kind.inAll() && config.mix().has(kind)) {
                OpFigures row = phase.figures(kind);
                row(out, row, latency.apply(row), percentiles);
            }
        }
        row(out, phase.figures(OpKind.FAILED), latency.apply(phase.figures(OpKind.FAILED)), percentiles);
        row(out, phase.all(), latency.apply(phase.all()), percentiles);
        for (OpKind apart : List.of(OpKind.YCSB_COMMAND, OpKind.WAIT)) {
            if (config.mix().has(apart)) {
                // Each command of the YCSB operations above again, on its own, or the WAIT after each write:
                // not in "all".
                OpFigures figures = phase.figures(apart);
                row(out, figures, latency.apply(figures), percentiles);
            }
        }
    }

    private static void row(StringBuilder out, OpFigures figures, LatencySummary latency, Percentiles percentiles) {
        out.append(String.format(Locale.ROOT, "| %s | %,d | %,.0f | %.1f | ", figures.kind(), figures.count(),
                        figures.opsPerSec(), figures.megabytesPerSec()))
                .append(PercentileColumns.cells(latency, percentiles, Double.NaN))
                .append(ms(latency.maxMicros())).append(" |\n");
    }

    private static void errors(StringBuilder out, PhaseResult phase, boolean ycsb) {
        if (phase.errors() > 0 && ycsb) {
            line(out, "errors", "%,d reads (HGETALL, ZRANGEBYSCORE), %,d writes (HMSET, ZADD) failed; first: %s",
                    phase.failed().getErrors(), phase.failed().setexErrors(), phase.failed().firstError());
        } else if (phase.errors() > 0) {
            line(out, "errors", "%,d GET, %,d SETEX, %,d refill failed; first: %s", phase.failed().getErrors(),
                    phase.failed().setexErrors(), phase.failed().refillErrors(), phase.failed().firstError());
        }
        ReportText.laneOutages(out, phase.failed().laneOutages());
        if (phase.checks().verificationFailures() > 0) {
            line(out, "verify", ycsb ? "%,d reads of records did not return every field intact; the first %d:"
                            : "%,d GETs did not return an intact value of their key; the first %d:",
                    phase.checks().verificationFailures(), phase.checks().firstFailures().size());
            for (Mismatch mismatch : phase.checks().firstFailures()) {
                out.append("           ").append(mismatch.describe()).append('\n');
            }
        }
    }

    private static void search(StringBuilder out, Mode2Result result) {
        SearchPlan search = result.config().plan().search();
        out.append('\n');
        line(out, "find-max", "steps of %d s, objectives %s on response time of all operations; a step passes with "
                        + "every objective held, every operation due sent and no failure; a rate counts when it passed "
                        + "twice and never failed", search.stepDuration().toSeconds(), search.slos());
        out.append('\n');
        SearchText.steps(out, result.phases().search().steps(), "threads x connections x in flight | sent ops/s |"
                + " unsent | p50 (ms) | p99 (ms) | p99.9 (ms) | service p99 (ms) | late p99 (ms) | own delay p99 (ms)"
                + " | errors", "---:|".repeat(10), step -> {
                    PhaseResult traffic = step.traffic();
                    LatencySummary response = traffic.all().response();
                    return String.format(Locale.ROOT, "%d x %d x %d | %,.0f | %,d | %s | %s | %s | %s | %s | %s | %,d",
                            traffic.shape().threads(), traffic.shape().connections(), traffic.shape().window(),
                            traffic.schedule().achievedOpsPerSec(), traffic.schedule().unsentOps(),
                            ms(response.p50Micros()), ms(response.p99Micros()), ms(response.p999Micros()),
                            ms(traffic.all().service().p99Micros()), ms(traffic.waits().sendLateness().p99Micros()),
                            ms(traffic.waits().ownDelay().p99Micros()), traffic.errors());
                });
        out.append('\n');
        SearchAnswer<SearchStep> answer = result.phases().search();
        SearchText.answer(out, answer.highestPassingOpsPerSec(), search.slos(), answer.searchLimit(), answer.steps(),
                step -> step.traffic().work().jvm(), CapacitySearch.MAX_CONCURRENCY_FACTOR);
        for (SearchStep step : result.phases().search().steps()) {
            if (step.traffic().checks().verificationFailures() > 0) {
                errors(out, step.traffic(), result.config().mix().workload() != null);
            }
        }
    }

    /** Each replica read back after the traffic: its lag, and what reading every key there found. */
    private static void replicas(StringBuilder out, Mode2Result result) {
        for (CacheReplicaCheck replica : result.replicas()) {
            line(out, "replica", "%s: %s", replica.replica(), ReportText.replicaLag(replica.lag(),
                    "the traffic ended", "the traffic ended", result.config().replicas().catchUp()));
            CacheReplicaCheck.KeysRead read = replica.read();
            if (read == null) {
                continue;
            }
            line(out, "", "every key once: %,d of %,d keys there, %,d values damaged%s", read.present(), read.keys(),
                    read.damaged(), result.strict() == null ? " (without --strict a lost or stale key goes uncaught)"
                            : String.format(Locale.ROOT, "; %,d judged against their last acknowledged write: %,d"
                                    + " lost, %,d stale, %,d returned after their TTL", read.judged(), read.lost(),
                            read.stale(), read.expired()));
            for (String finding : read.firstFindings()) {
                out.append("           ").append(finding).append('\n');
            }
        }
    }

    /** What --strict found, or that without it lost, stale and expired values go uncaught. */
    private static void strict(StringBuilder out, Mode2Result result) {
        StrictResult strict = result.strict();
        if (result.config().mix().workload() != null) {
            line(out, "checked", "every record read returns every field, each a whole value of that field of that"
                    + " record, of any version: a lost update is not caught; a record a failed write may have changed"
                    + " is judged no more");
            return;
        }
        Eviction eviction = result.serverView().eviction();
        if (strict == null) {
            line(out, "checked", "every hit is an intact value of its own key, of any version; without --strict a "
                    + "lost key counts as a miss, and a stale or expired value as a hit");
            if (eviction.evictedKeys() > 0) {
                line(out, "evicted", "the server evicted %,d keys over the run (%s): a read of one is a miss, as a"
                        + " read of a lost key is; --strict tells them apart", eviction.evictedKeys(),
                        ReportText.evictionPolicy(eviction));
            }
            return;
        }
        line(out, "strict", "over the whole run: %,d reads judged against their key's last acknowledged write; "
                        + "%,d keys lost (%,d reads), %,d read stale (%,d reads), %,d returned after their TTL "
                        + "(%,d reads)", strict.judgedReads(), strict.findings().lostKeys(),
                                strict.findings().lostReads(),
                strict.findings().staleKeys(), strict.findings().staleReads(), strict.findings().expiredKeys(),
                        strict.findings().expiredReads());
        line(out, "", "margin %d ms + %d/1000 of the TTL%s; %,d keys no longer judged after a write of theirs failed;"
                        + " state of %,d bytes for %,d keys", strict.ledger().marginMillis(),
                                strict.ledger().marginPerMille(),
                result.header().server().memcached()
                        ? " (two seconds more for memcached: its clock counts whole seconds, ticked by a timer a busy"
                        + " machine runs late)" : "",
                strict.unsureKeys(), strict.ledger().stateBytes(), strict.ledger().keysTracked());
        ReportText.evicted(out, eviction, strict.findings().lostKeys(), "lost", true);
        if (result.config().mix().readFrom().replicas()) {
            StrictResult.ReplicaReads replicaReads = strict.replicaReads();
            line(out, "", "reads from replicas: %,d judged apart from the primary's; %,d found the replica without a"
                    + " write the primary had acknowledged before the read (not replicated yet, not lost)",
                    replicaReads.judged(), replicaReads.behind());
        }
        for (StrictFinding finding : strict.firstFindings()) {
            out.append("           ").append(finding.describe()).append('\n');
        }
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%.0f", value) : Double.toString(value);
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.4g%%", share * 100);
    }

    private static String ratio(double ratio) {
        return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.3f", ratio);
    }

}
