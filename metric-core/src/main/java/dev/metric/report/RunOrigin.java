package dev.metric.report;

import java.util.List;

/**
 * Where a result came from, written at the top of its JSON so that a saved file can be traced to
 * what made it and run again: the load generator's name and the command line.
 *
 * @param runId       the load generator's name ({@code --run-id}), or null when it has none
 * @param commandLine the arguments metric was started with, secrets masked; empty when not known
 */
public record RunOrigin(String runId, List<String> commandLine) {

    /** Nothing known: a result written by code, not by a command. */
    public static final RunOrigin UNKNOWN = new RunOrigin(null, List.of());

    public RunOrigin {
        commandLine = List.copyOf(commandLine);
    }
}
