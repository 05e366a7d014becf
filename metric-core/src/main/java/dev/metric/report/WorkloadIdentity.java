package dev.metric.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What makes two saved runs runs of one workload, read from their JSON: the mode, the server and
 * database, and the configuration that defines the workload, the protocol version included. Seeds,
 * threads, client and pool may differ. {@link GeneratorMerge} refuses to add up runs that differ in
 * it; {@link RunComparison} never pools them into one row.
 */
public final class WorkloadIdentity {

    /** Per mode, the JSON pointers into a result that define its workload. */
    private static final Map<String, List<String>> POINTERS = Map.of(
            "mode1", List.of("/server/name", "/server/version", "/config/client/database", "/config/client/resp",
                    "/config/data/keys", "/config/data/keyPrefix", "/config/data/keySizes", "/config/data/valueSizes",
                    "/config/data/type", "/config/data/elements",
                    "/config/reads", "/config/warmupReads", "/config/inflight", "/config/keysPerRead",
                    "/config/pipeline"),
            "mode2", List.of("/server/name", "/server/version", "/config/client/database", "/config/client/resp",
                    "/config/data/keys", "/config/data/keyPrefix", "/config/data/keySizes", "/config/data/valueSizes",
                    "/config/data/type", "/config/data/elements",
                    "/config/ttl",
                    "/config/writeRatio", "/config/durationSec", "/config/warmupSec", "/config/pipeline",
                    "/config/inflight", "/config/keysPerRead", "/config/keyDistribution", "/config/workload",
                    "/config/rateOpsPerSec", "/config/rateTickSec"),
            "run", List.of("/server/name", "/server/version", "/config/client/database", "/config/client/resp",
                    "/config/data/keys", "/config/data/keyPrefix", "/config/data/keySizes", "/config/data/valueSizes",
                    "/config/data/type", "/config/data/elements",
                    "/config/templates", "/config/keyDistribution", "/config/durationSec", "/config/warmupSec",
                    "/config/inflight", "/config/rateOpsPerSec", "/config/rateTickSec"),
            "replay", List.of("/server/name", "/server/version", "/config/client/database", "/config/client/resp",
                    "/config/trace/format", "/config/trace/bytes", "/config/trace/lines", "/config/trace/commands",
                    "/config/trace/keys", "/config/speed", "/config/rateOpsPerSec", "/config/rateTickSec",
                    "/config/warmupCommands", "/config/warmValueSizes", "/config/inflight"));

    private WorkloadIdentity() {
    }

    /** Whether {@link #of} knows what defines the workload of {@code mode}'s results. */
    public static boolean knows(String mode) {
        return POINTERS.containsKey(mode);
    }

    /**
     * The values that define the workload of the {@code mode} result {@code root}, by JSON pointer,
     * in a fixed order; a field a result of an earlier version does not have yet is null, as a newer
     * one writes it when unset.
     */
    public static Map<String, JsonNode> of(String mode, JsonNode root) {
        List<String> pointers = POINTERS.get(mode);
        if (pointers == null) {
            throw new IllegalArgumentException("not a mode1, mode2, run or replay result: " + mode);
        }
        Map<String, JsonNode> values = new LinkedHashMap<>();
        for (String pointer : pointers) {
            JsonNode node = root.at(pointer);
            values.put(pointer, node.isMissingNode() ? NullNode.getInstance() : node);
        }
        return values;
    }

    /** The name a report gives the field at {@code pointer}: its last part, {@code writeRatio}. */
    static String fieldName(String pointer) {
        return pointer.substring(pointer.lastIndexOf('/') + 1);
    }
}
