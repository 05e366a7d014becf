package dev.metric.mode.replay;

import dev.metric.client.ClientDescription;
import dev.metric.client.ServerAddress;
import dev.metric.record.LatencySummary;
import dev.metric.result.ComponentsSet;
import dev.metric.result.Faults;
import dev.metric.result.ResultSummary;
import dev.metric.result.ResultSummary.Verification;
import dev.metric.result.RunEnvironment;
import dev.metric.result.RunResult;
import dev.metric.result.RunResultBuilder;
import dev.metric.result.ServerDescription;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a replay of a trace measured and found.
 *
 * @param config               what was replayed, and how (the trace's summary among it)
 * @param startedAt            when the run began
 * @param address              the server
 * @param server               its name, version and mode
 * @param client               the client library, version, protocol and pooling
 * @param environment          the JVM and machine
 * @param keysBefore           keys in the database before the run
 * @param warm                 the warm phase: the keys the trace reads before it writes them, written
 *                             first and left out of the figures
 * @param warmup               the warm-up: the trace's first commands, left out of the figures
 * @param durationSec          the replay, from its start to its last reply
 * @param opsPerSec            commands per second over that time
 * @param commands             one row per command name that was sent
 * @param unknownCommands      the trace's commands the server does not know (not in its COMMAND
 *                             reply), by name: none of them sent
 * @param all                  every command together
 * @param lateness             how late commands went out against their due times (at the trace's
 *                             times; in a closed loop, the wait for a connection's room)
 * @param check                what the reads found
 * @param clientCpuMicrosPerOp CPU time of this process per replayed command, -1 if unknown
 * @param firstError           the first failure, or null
 * @param faults               why the run stopped early, if it did, and the server's outages
 */
public record ReplayResult(ReplayConfig config, Instant startedAt, ServerAddress address, ServerDescription server,
                           ClientDescription client, RunEnvironment environment, long keysBefore,
                           UnmeasuredPhase warm, UnmeasuredPhase warmup, double durationSec, double opsPerSec,
                           List<ReplayFigures> commands, Map<String, Long> unknownCommands, LatencySummary all,
                           LatencySummary lateness,
                           ReplayCheck check, double clientCpuMicrosPerOp, String firstError, Faults faults)
        implements RunResult {

    @Override
    public String mode() {
        return ReplayMode.NAME;
    }

    /** Errors of all commands. */
    public long errors() {
        return commands.stream().mapToLong(ReplayFigures::errors).sum();
    }

    /**
     * Every command of the trace (and every read of a key its scans listed) was sent and
     * answered without an error (in the warm-up too), every read the replay could judge found what
     * it left, the warm phase wrote every key, and nothing stopped the run; else what was not.
     */
    @Override
    public List<String> failures() {
        List<String> why = new ArrayList<>();
        if (!faults.ranToTheEnd()) {
            why.add("stopped early");
        }
        long errors = errors() + warm.errors() + warmup.errors();
        if (errors > 0) {
            why.add(String.format(Locale.ROOT, "%,d failed commands", errors));
        }
        if (check.failed() > 0) {
            why.add(String.format(Locale.ROOT, "%,d reads not as written", check.failed()));
        }
        long sent = warmup.count() + all.count();
        if (sent == 0) {
            why.add("no command sent: the server knows none of the trace's");
        } else if (sent != commandsToSend()) {
            why.add(String.format(Locale.ROOT, "%,d of %,d commands sent", sent, commandsToSend()));
        }
        return why;
    }

    /** Whether {@link #failures} found none. */
    @Override
    public boolean passed() {
        return failures().isEmpty();
    }

    /** The trace's commands the server knows, and the reads of the keys its scans listed. */
    public long commandsToSend() {
        return config.trace().summary().commands() - unknownCommandCount() + check.listedReads();
    }

    /** How many of the trace's commands the server does not know, none of them sent. */
    public long unknownCommandCount() {
        return unknownCommands.values().stream().mapToLong(n -> n).sum();
    }

    /** The replayed commands; as errors those of the warm phase and the warm-up too. */
    @Override
    public ResultSummary summary() {
        return ResultSummary.of(mode(), "replayed commands", opsPerSec, all,
                errors() + warm.errors() + warmup.errors(), Verification.of(check.judged(), check.failed()),
                check.failed(), failures());
    }

    /** A builder that takes every component by name; {@link Builder#build} refuses one left unset. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link ReplayResult} by name, so that no two figures can trade places unseen. */
    public static final class Builder extends RunResultBuilder<Builder> {

        private ReplayConfig config;
        private UnmeasuredPhase warm;
        private UnmeasuredPhase warmup;
        private double durationSec;
        private double opsPerSec;
        private List<ReplayFigures> commands;
        private Map<String, Long> unknownCommands;
        private LatencySummary all;
        private LatencySummary lateness;
        private ReplayCheck check;
        private double clientCpuMicrosPerOp;
        private String firstError;
        private Faults faults;

        private Builder() {
            super(new ComponentsSet("ReplayResult", List.of("config", "startedAt", "address", "server", "client",
                    "environment", "keysBefore", "warm", "warmup", "durationSec", "opsPerSec", "commands",
                    "unknownCommands", "all", "lateness", "check", "clientCpuMicrosPerOp", "firstError", "faults")));
        }

        @Override
        protected Builder self() {
            return this;
        }

        public Builder config(ReplayConfig config) {
            this.config = config;
            given.given(0);
            return this;
        }

        public Builder warm(UnmeasuredPhase warm) {
            this.warm = warm;
            given.given(7);
            return this;
        }

        public Builder warmup(UnmeasuredPhase warmup) {
            this.warmup = warmup;
            given.given(8);
            return this;
        }

        public Builder durationSec(double durationSec) {
            this.durationSec = durationSec;
            given.given(9);
            return this;
        }

        public Builder opsPerSec(double opsPerSec) {
            this.opsPerSec = opsPerSec;
            given.given(10);
            return this;
        }

        public Builder commands(List<ReplayFigures> commands) {
            this.commands = List.copyOf(commands);
            given.given(11);
            return this;
        }

        public Builder unknownCommands(Map<String, Long> unknownCommands) {
            this.unknownCommands = Collections.unmodifiableMap(new LinkedHashMap<>(unknownCommands));
            given.given(12);
            return this;
        }

        public Builder all(LatencySummary all) {
            this.all = all;
            given.given(13);
            return this;
        }

        public Builder lateness(LatencySummary lateness) {
            this.lateness = lateness;
            given.given(14);
            return this;
        }

        public Builder check(ReplayCheck check) {
            this.check = check;
            given.given(15);
            return this;
        }

        public Builder clientCpuMicrosPerOp(double clientCpuMicrosPerOp) {
            this.clientCpuMicrosPerOp = clientCpuMicrosPerOp;
            given.given(16);
            return this;
        }

        public Builder firstError(String firstError) {
            this.firstError = firstError;
            given.given(17);
            return this;
        }

        public Builder faults(Faults faults) {
            this.faults = faults;
            given.given(18);
            return this;
        }

        /** @throws IllegalStateException naming the components never set */
        public ReplayResult build() {
            given.requireAll();
            return new ReplayResult(config, startedAt, address, server, client, environment, keysBefore, warm,
                    warmup, durationSec, opsPerSec, commands, unknownCommands, all, lateness, check,
                    clientCpuMicrosPerOp, firstError, faults);
        }
    }
}
