package dev.metric.mode.cache;

import dev.metric.pacing.NanoClock;
import dev.metric.run.MismatchLog;
import dev.metric.server.ServerAdmin;
import dev.metric.workload.DataSet;
import dev.metric.workload.Verdict;
import dev.metric.workload.VersionedValues;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads every key of mode2's data set once on a replica, in MGETs over the replica's admin
 * connection, and checks each value as the traffic's hits are checked; with {@code --strict} each
 * is judged against the key's last acknowledged write ({@link KeyLedger#judgeOnly}), which counts
 * nothing in the run's own findings.
 */
final class ReplicaReadBack {

    /** Keys per MGET. */
    static final int BATCH = 128;

    private final VersionedValues values;
    private final KeyLedger ledger;
    private final NanoClock clock;

    ReplicaReadBack(VersionedValues values, KeyLedger ledger, NanoClock clock) {
        this.values = values;
        this.ledger = ledger;
        this.clock = clock;
    }

    /** Reads every key on {@code replica}. */
    CacheReplicaCheck.KeysRead read(ServerAdmin replica) {
        DataSet dataSet = values.dataSet();
        int keyCount = dataSet.keyCount();
        long present = 0;
        long damaged = 0;
        long judged = 0;
        long[] found = new long[3];
        List<String> first = new ArrayList<>();
        for (int from = 0; from < keyCount; from += BATCH) {
            List<byte[]> keys = new ArrayList<>();
            for (int index = from; index < Math.min(keyCount, from + BATCH); index++) {
                keys.add(dataSet.key(index));
            }
            long sent = clock.nanoTime();
            List<byte[]> read = replica.peek(keys).orElseThrow();
            long answered = clock.nanoTime();
            for (int i = 0; i < read.size(); i++) {
                int index = from + i;
                byte[] value = read.get(i);
                long version = -1;
                if (value != null) {
                    present++;
                    Verdict verdict = values.check(index, value);
                    if (verdict != Verdict.MATCH) {
                        damaged++;
                        note(first, new String(keys.get(i), StandardCharsets.US_ASCII) + ": " + verdict.description());
                        continue;
                    }
                    version = values.versionOf(value);
                }
                StrictFinding finding = ledger.judgeOnly(index, version, sent, answered);
                if (finding == null) {
                    continue;
                }
                judged++;
                int kind = switch (finding.verdict()) {
                    case LOST -> 0;
                    case STALE -> 1;
                    case EXPIRED -> 2;
                    default -> -1;
                };
                if (kind >= 0) {
                    found[kind]++;
                    note(first, finding.describe());
                }
            }
        }
        return new CacheReplicaCheck.KeysRead(keyCount, present, damaged, judged, found[0], found[1], found[2], first);
    }

    private static void note(List<String> first, String finding) {
        if (first.size() < MismatchLog.KEPT) {
            first.add(finding);
        }
    }
}
