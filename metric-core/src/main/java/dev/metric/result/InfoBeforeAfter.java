package dev.metric.result;

import java.util.Map;

/**
 * A server's INFO fields at the start and at the end of a run: its configuration, memory,
 * persistence and counters, kept with every result so that runs can be compared on what the
 * server was doing, not only on what the client saw.
 *
 * @param before every field of INFO before the run touched the server
 * @param after  every field after the run; null when the server could not be asked
 */
public record InfoBeforeAfter(Map<String, String> before, Map<String, String> after) {
}
