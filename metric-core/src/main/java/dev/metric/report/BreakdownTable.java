package dev.metric.report;

import dev.metric.breakdown.Breakdown;
import dev.metric.breakdown.ClientCost;
import dev.metric.breakdown.LatencyBreakdown;
import java.util.Locale;

/** The latency breakdown as the mode1 and mode2 reports print it: one row per command. */
public final class BreakdownTable {

    private BreakdownTable() {
    }

    /** Appends the table, or nothing when the run had no breakdown or no command to split. */
    public static void append(StringBuilder out, Breakdown breakdown) {
        if (breakdown == null || breakdown.commands().isEmpty()) {
            return;
        }
        ClientCost cost = breakdown.clientCost();
        out.append('\n');
        out.append(String.format(Locale.ROOT, "latency breakdown, mean us per request: encode and decode measured "
                        + "in process before the run (%s, %d of the run's keys, %d ms), pool is the run's own "
                        + "measured wait for a connection, server from INFO commandstats, and the rest is network, "
                        + "kernel and queueing (--no-breakdown to skip)%n%n",
                cost.library(), cost.sampledKeys(), cost.measureMillis()));
        out.append("| command | requests | end to end | client: encode | decode | pool wait | server | "
                + "network, kernel, queueing | client / server / network, kernel, queueing |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (LatencyBreakdown command : breakdown.commands()) {
            boolean serverKnown = !Double.isNaN(command.serverMicros());
            out.append(String.format(Locale.ROOT, "| %s | %,d | %.2f | %.3f | %.3f | %.3f | %s | %.2f | %s |%n",
                    command.command(), command.requests(), command.endToEndMicros(), command.encodeMicros(),
                    command.decodeMicros(), command.poolMicros(),
                    serverKnown ? String.format(Locale.ROOT, "%.2f", command.serverMicros()) : "not reported",
                    command.networkMicros(), shares(command, serverKnown)));
        }
        for (LatencyBreakdown command : breakdown.commands()) {
            out.append(String.format("  %s: %s%n", command.command(), command.basis()));
        }
    }

    private static String shares(LatencyBreakdown command, boolean serverKnown) {
        double total = command.endToEndMicros();
        if (total <= 0) {
            return "";
        }
        return serverKnown
                ? String.format(Locale.ROOT, "%.0f%% / %.0f%% / %.0f%%", 100 * command.clientMicros() / total,
                        100 * command.serverMicros() / total, 100 * command.networkMicros() / total)
                : String.format(Locale.ROOT, "%.0f%% / - / %.0f%% with the server",
                        100 * command.clientMicros() / total,
                        100 * command.networkMicros() / total);
    }
}
