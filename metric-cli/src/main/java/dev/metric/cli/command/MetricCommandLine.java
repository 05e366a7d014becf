package dev.metric.cli.command;

import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * metric's command line as the {@code metric} command builds it, writing to the given streams: for a
 * command that checks or runs other commands of metric's (fleet checks a generator's arguments,
 * memtier runs {@code run}) without depending on the class that assembles them.
 */
@FunctionalInterface
public interface MetricCommandLine {
    CommandLine commandLine(PrintWriter out, PrintWriter err);
}
