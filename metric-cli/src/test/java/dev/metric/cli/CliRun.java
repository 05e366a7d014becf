package dev.metric.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the command line: its exit code and what it printed. */
public record CliRun(int exitCode, String out, String err) {

    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = MetricCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRun(code, out.toString(), err.toString());
    }

    public static CliRun of(String commandLine) {
        return of(commandLine.split(" "));
    }
}
