package dev.metric.cli.command;

import dev.metric.cli.output.ExitCodes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The command line every generator of a fleet runs (mode1, mode2, run or replay and its options), checked here
 * before any Job exists, since a mistake found in the pods is found N times and minutes later.
 */
final class FleetGenerator {

    /** Options that the fleet sets on every generator, or that would make generators undo each other. */
    private static final Set<String> FLEET_OWNED = Set.of("--run-id", "--index-env", "--start-at", "--json",
            "--hdr-log", "--print-results", "--csv", "--dry-run", "--flush", "--yes", "--cleanup", "--embedded-cluster",
            "--embedded", "--find-max", "--password", "--password-file", "--askpass");
    private static final Duration SLACK = Duration.ofMinutes(10);
    /** How long mode1's reads and a replay's trace, which run to their end rather than for a time, may take. */
    private static final Duration UNTIMED_RUN_LIMIT = Duration.ofMinutes(30);

    private FleetGenerator() {
    }

    /**
     * The generator's command line, checked by metric's own parser and its {@code --dry-run}, as the
     * pods will run it, and for what a fleet cannot do.
     *
     * @param metric             metric's own command line
     * @param passwordFromSecret whether the pods get the password from a Secret (--password-secret)
     * @return the parsed generator subcommand
     * @throws IllegalArgumentException with a one-line reason
     */
    static ParseResult check(MetricCommandLine metric, List<String> generator, String jobName, Instant startAt,
                             boolean passwordFromSecret) {
        String command = generator.get(0);
        if (!Set.of("mode1", "mode2", "run", "replay").contains(command)) {
            throw new IllegalArgumentException("the generator's command line must begin with mode1, mode2, run or"
                    + " replay, after --, e.g. metric fleet --generators 4 --image IMAGE -- mode2 8 100 --host"
                    + " cache.svc; got '" + command + "'");
        }
        List<String> options = generator.stream().map(arg -> arg.contains("=") ? arg.substring(0, arg.indexOf('='))
                : arg).toList();
        for (String option : options) {
            if (FLEET_OWNED.contains(option)) {
                throw new IllegalArgumentException("the generator's " + option + " is not for a fleet: "
                        + whyNot(option));
            }
        }
        if (!passwordFromSecret && options.contains("--user")) {
            // this host's METRIC_PASSWORD would satisfy the check below, but no pod has it
            throw new IllegalArgumentException("the generator's --user needs a password: in a fleet, give"
                    + " --password-secret SECRET:KEY");
        }
        List<String> check = new ArrayList<>(generator);
        check.addAll(List.of("--run-id", jobName, "--start-at", startAt.toString(), "--dry-run"));
        if (passwordFromSecret) { // what each pod will have; the check connects nowhere
            check.addAll(List.of("--password", "from-the-secret"));
        }
        StringWriter checkErr = new StringWriter();
        CommandLine parsed = metric.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(checkErr));
        int code = parsed.execute(check.toArray(String[]::new));
        if (code != ExitCodes.VERIFIED) {
            throw new IllegalArgumentException("the generator's command line: " + checkErr.toString().lines()
                    .findFirst().orElse("refused (exit code " + code + ")")
                    .replaceFirst(" \\(see '[^']*--help'\\)$", ""));
        }
        ParseResult run = parsed.getParseResult().subcommand();
        String uri = run.matchedOptionValue("--uri", "");
        if (uri.matches("rediss?(\\+cluster)?://[^/@]*:[^/@]*@.*")) {
            throw new IllegalArgumentException("the generator's --uri holds a password, which would be readable in the"
                    + " Job: put it in a Secret and give --password-secret SECRET:KEY");
        }
        String host = run.matchedOptionValue("--host", null);
        if (run.matchedOption("--uri") == null && (host == null || loopback(host))) {
            throw new IllegalArgumentException("the generator needs the server's --host or --uri, and not a loopback"
                    + " address: in a pod, " + (host == null ? "127.0.0.1" : host) + " is the pod itself");
        }
        return run;
    }

    private static String whyNot(String option) {
        return switch (option) {
            case "--dry-run" -> "give it to metric fleet, before --, for the Job's manifest";
            case "--flush", "--yes", "--cleanup" -> "one generator's would delete the keys of the others";
            case "--embedded", "--embedded-cluster" -> "a pod has no redis-server; aim the generators at the server"
                    + " with --host";
            case "--find-max" -> "each generator would search on its own; the merge takes runs of one measured phase";
            case "--password", "--password-file", "--askpass" -> "a password on the command line would be readable"
                    + " in the Job, and a pod has neither the file nor a terminal: put it in a Secret and give"
                    + " --password-secret SECRET:KEY";
            default -> "the fleet sets the run id, index, start time and result files of every generator";
        };
    }

    private static boolean loopback(String host) {
        return host.equals("localhost") || host.startsWith("127.") || host.equals("::1") || host.equals("[::1]");
    }

    /**
     * mode2's and run's warm-up and duration and some slack; mode1 runs to a count of reads and a
     * replay to the end of its trace, so a fixed time.
     */
    static Duration runLimit(ParseResult run) {
        if (run.commandSpec().userObject() instanceof Mode2Command mode2) {
            return mode2.mode2.trafficTime().plus(SLACK);
        }
        if (run.commandSpec().userObject() instanceof RunCommand templates) {
            return templates.timing.trafficTime().plus(SLACK);
        }
        return UNTIMED_RUN_LIMIT;
    }
}
