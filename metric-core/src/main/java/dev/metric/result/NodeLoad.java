package dev.metric.result;

import dev.metric.breakdown.CommandStats;
import dev.metric.server.ServerInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * How much of a run's load one master of a cluster served, by its own count: the GET, SET and
 * SETEX calls in its commandstats between two readings. Shows whether the keys spread evenly
 * and whether one node is the bottleneck.
 *
 * @param address    the master
 * @param slots      hash slots it served at the end
 * @param operations GET, SET and SETEX it ran
 * @param share      its part of all masters' operations, 0 to 1
 */
public record NodeLoad(String address, int slots, long operations, double share) {

    private static final List<String> COMMANDS = List.of("get", "set", "setex");

    /**
     * Each master's load between {@code before} and {@code after}; empty when either reading is
     * missing, is of one server, or the masters changed in between (a failover): counters of
     * different processes are not subtracted.
     */
    public static List<NodeLoad> between(ServerInfo before, ServerInfo after) {
        if (!ServerInfo.sameRun(before, after) || after.nodes().isEmpty()) {
            return List.of();
        }
        List<ServerInfo.Node> masters = after.nodes();
        long[] operations = new long[masters.size()];
        long total = 0;
        for (int i = 0; i < masters.size(); i++) {
            CommandStats then = CommandStats.of(before.nodes().get(i).info());
            CommandStats now = CommandStats.of(masters.get(i).info());
            for (String command : COMMANDS) {
                operations[i] += now.callsSince(then, command);
            }
            total += operations[i];
        }
        List<NodeLoad> loads = new ArrayList<>();
        for (int i = 0; i < masters.size(); i++) {
            loads.add(new NodeLoad(masters.get(i).address().toString(), masters.get(i).slots(), operations[i],
                    total == 0 ? 0 : operations[i] / (double) total));
        }
        return List.copyOf(loads);
    }
}
