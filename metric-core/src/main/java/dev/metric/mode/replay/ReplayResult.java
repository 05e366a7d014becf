package dev.metric.mode.replay;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.record.LatencySummary;
import dev.metric.result.ClientWork;
import dev.metric.result.FailureReasons;
import dev.metric.result.Faults;
import dev.metric.result.ResultSummary;
import dev.metric.result.ResultSummary.Verification;
import dev.metric.result.RunHeader;
import dev.metric.result.RunResult;
import dev.metric.search.SearchAnswer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What a replay of a trace measured and found.
 *
 * @param config          what was replayed, and how (the trace's summary among it)
 * @param header          when, where, against what and with which client it ran
 * @param unmeasured      the warm phase and the warm-up, left out of the figures (of a search's first
 *                        step)
 * @param totals          every replayed command together; of a search, its highest passing step's, or
 *                        its last step's when none passed
 * @param commands        one row per command name that was sent, of the same replay as {@code totals}
 * @param unknownCommands the trace's commands the server does not know (not in its COMMAND reply), by
 *                        name: none of them sent
 * @param check           what the reads found, in every step of a search
 * @param firstError      the first failure, or null
 * @param faults          why the run stopped early, if it did, and the server's outages
 * @param search          --find-max's steps, each a replay of the whole trace, and its answer; none
 *                        without it
 */
public record ReplayResult(ReplayConfig config, @JsonUnwrapped RunHeader header,
                           @JsonUnwrapped Unmeasured unmeasured, @JsonUnwrapped Totals totals,
                           List<ReplayFigures> commands, Map<String, Long> unknownCommands, ReplayCheck check,
                           String firstError, Faults faults, @JsonUnwrapped SearchAnswer<ReplayStep> search)
        implements RunResult {

    /**
     * What ran before the measured replay, left out of its figures.
     *
     * @param warm   the warm phase: the keys the trace reads before it writes them, written first
     * @param warmup the warm-up: the trace's first commands
     */
    public record Unmeasured(UnmeasuredPhase warm, UnmeasuredPhase warmup) {

        /** Nothing ran: the run was stopped before a replay. */
        static final Unmeasured NONE = new Unmeasured(UnmeasuredPhase.NONE, UnmeasuredPhase.NONE);

        /** Errors of both. */
        long errors() {
            return warm.errors() + warmup.errors();
        }
    }

    /**
     * @param durationSec the replay, from its start to its last reply
     * @param opsPerSec   commands per second over that time
     * @param all         every command's response time
     * @param lateness    how late commands went out against their due times (at the trace's
     *                    times; in a closed loop, the wait for a connection's room)
     * @param work        the client's CPU per replayed command, and what its JVM did meanwhile
     */
    public record Totals(double durationSec, double opsPerSec, LatencySummary all, LatencySummary lateness,
                         @JsonUnwrapped ClientWork work) {

        /** Nothing measured: the run was stopped before a replay. */
        static final Totals NONE = new Totals(0, 0, LatencySummary.of(new Histogram(3)),
                LatencySummary.of(new Histogram(3)), ClientWork.NONE);
    }

    @Override
    public String mode() {
        return ReplayMode.NAME;
    }

    /** Commands that failed: of the replay, its warm phase and warm-up included, or of every step of a search. */
    public long errors() {
        return search.searched() ? search.steps().stream().mapToLong(ReplayStep::errors).sum()
                : commands.stream().mapToLong(command -> command.row().errors()).sum() + unmeasured.errors();
    }

    /**
     * Every command of the trace (and every read of a key its scans listed) was sent and
     * answered without an error (in the warm-up too), every read the replay could judge found what
     * it left, the warm phase wrote every key, and nothing stopped the run; else what was not.
     */
    @Override
    public List<String> failures() {
        long sent = unmeasured.warmup().count() + totals.all().count();
        // A search's steps each replay the whole trace, their reads of listed keys counted together.
        return FailureReasons.of(faults, search, config.search())
                .count(errors(), "failed commands")
                .count(check.failed(), "reads not as written")
                .when(sent == 0, "no command sent: the server knows none of the trace's")
                .when(sent > 0 && !search.searched() && sent != commandsToSend(), () -> String.format(Locale.ROOT,
                        "%,d of %,d commands sent", sent, commandsToSend()))
                .list();
    }

    /** The trace's commands the server knows, and the reads of the keys its scans listed. */
    public long commandsToSend() {
        return config.trace().summary().replayed().commands() - unknownCommandCount() + check.listedReads();
    }

    /** How many of the trace's commands the server does not know, none of them sent. */
    public long unknownCommandCount() {
        return unknownCommands.values().stream().mapToLong(n -> n).sum();
    }

    /** The replayed commands, or a search's highest passing step's; as errors those of every phase. */
    @Override
    public ResultSummary summary() {
        Verification verification = Verification.of(check.judged(), check.failed());
        if (search.searched() && search.headline() == null) {
            return ResultSummary.of(mode(), "replayed commands: no rate of the search passed twice", 0, null,
                    errors(), verification, check.failed(), failures());
        }
        return ResultSummary.of(mode(), search.searched() ? "replayed commands of the search's highest passing step"
                        : "replayed commands", totals.opsPerSec(), totals.all(), errors(), verification, check.failed(),
                failures()).withClientBound(totals.work().jvm().clientBound());
    }
}
