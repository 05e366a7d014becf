package dev.metric.cli.suite;

import dev.metric.cli.memtier.MemtierLine;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A suite's measured run: its one memtier command line, or its several ({@code clientconfigs}) run
 * together as the specification's runner runs them, each on a thread of its own and begun at one
 * moment, their test time shortened alike when asked.
 *
 * @param plan    where and how the suites run
 * @param memtier runs a memtier_benchmark command line on metric
 */
record SuiteClients(SuiteRun.Plan plan, SuiteRun.Memtier memtier) {

    /**
     * How long before their traffic begins several clients are started: time to read their command
     * lines and open their connections, so that they begin together.
     */
    static final Duration TOGETHER_AFTER = Duration.ofSeconds(5);

    /**
     * Runs the suite's measured tools at once, as the specification's runner does: each but the last
     * on a thread of its own, into {@code SUITE.client-K.json} and {@code .log}; the last, whose
     * figures the specification exports, into {@code SUITE.json} and the suite's log. Several begin
     * their traffic at one moment, each warming up as long. Passed when every one ended with exit
     * code 0.
     */
    SuiteOutcome measure(Suite suite, SuiteServer server, PrintWriter out) throws IOException {
        List<Suite.Tool> clients = suite.clients();
        int last = clients.size() - 1;
        String name = SuiteRun.fileName(suite);
        Instant startAt = last == 0 ? null : Instant.now().plus(TOGETHER_AFTER);
        List<CompletableFuture<Integer>> others = new ArrayList<>();
        for (int k = 0; k < last; k++) {
            List<String> arguments = arguments(clients.get(k), clients.get(last));
            String client = name + ".client-" + k;
            CompletableFuture<Integer> other = new CompletableFuture<>();
            Thread thread = new Thread(() -> other.complete(measureOne(arguments, startAt, client + ".json",
                    client + ".log", server)), "suite-" + client);
            thread.setDaemon(true);
            thread.start();
            others.add(other);
        }
        int code;
        try {
            code = measureOne(arguments(clients.get(last), clients.get(last)), startAt, name + ".json", out, server);
        } finally {
            others.forEach(CompletableFuture::join);
        }
        Path json = plan.directory().resolve(name + ".json");
        SuiteOutcome.Figures figures = Files.exists(json) ? SuiteRun.figures(json) : null;
        if (code != 0) {
            return SuiteOutcome.failed(suite.name(), "its measured run ended with exit code " + code + ": "
                    + SuiteRun.lastLine(plan.directory().resolve(name + ".log")), figures);
        }
        for (int k = 0; k < last; k++) {
            int otherCode = others.get(k).join();
            if (otherCode != 0) {
                return SuiteOutcome.failed(suite.name(), "its client " + k + " ended with exit code " + otherCode
                        + ": " + SuiteRun.lastLine(plan.directory().resolve(name + ".client-" + k + ".log")), figures);
            }
        }
        return new SuiteOutcome(suite.name(), SuiteOutcome.Verdict.PASSED, "", figures);
    }

    /**
     * One measured tool of the suite on a thread of its own, into a log of its own; its exit code, 1
     * when it could not run (why in its log, or on standard error when the log cannot be written).
     */
    private int measureOne(List<String> arguments, Instant startAt, String jsonName, String logName,
                           SuiteServer server) {
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(plan.directory().resolve(logName)), true)) {
            try {
                return measureOne(arguments, startAt, jsonName, out, server);
            } catch (RuntimeException e) {
                out.println("metric suite: this client stopped: " + e);
                return 1;
            }
        } catch (IOException e) {
            System.err.println("metric suite: " + logName + " cannot be written: " + e.getMessage());
            return 1;
        }
    }

    /** One measured tool of the suite, its output to {@code out}. */
    private int measureOne(List<String> arguments, Instant startAt, String jsonName, PrintWriter out,
                           SuiteServer server) {
        List<String> aimed = SuiteRun.withOptions(arguments, List.of("--json-out-file",
                plan.directory().resolve(jsonName).toString()));
        return memtier.run(SuiteRun.server(aimed, server), startAt, out, out);
    }

    /**
     * A measured tool's arguments, a timed one's {@code --test-time} replaced when asked: by the time
     * asked, plus what the tool ran beyond the exported one in the suite (a producer that outlives its
     * consumers by 5 s still does), so that no blocked consumer is left waiting at its end.
     */
    private List<String> arguments(Suite.Tool client, Suite.Tool exported) {
        List<String> arguments = client.words();
        Long own = testTime(client);
        if (plan.testTime() != null && own != null) {
            Long exportedOwn = testTime(exported);
            long beyond = exportedOwn == null ? 0 : Math.max(0, own - exportedOwn);
            return SuiteRun.withOptions(arguments, List.of("--test-time",
                    Long.toString(Long.parseLong(plan.testTime()) + beyond)));
        }
        return arguments;
    }

    /** A tool's --test-time in seconds, as memtier reads its last one; null when it has none. */
    private static Long testTime(Suite.Tool tool) {
        try {
            return MemtierLine.testTime(tool.words());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
