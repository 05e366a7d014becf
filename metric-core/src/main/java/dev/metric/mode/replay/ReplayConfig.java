package dev.metric.mode.replay;

import static dev.metric.config.RunLimits.require;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.client.Protocol;
import dev.metric.config.ClientLanes;
import dev.metric.config.FlushPolicy;
import dev.metric.config.PacedBuilder;
import dev.metric.config.RunBuilder;
import dev.metric.config.RunConfig;
import dev.metric.config.SearchPlan;
import dev.metric.config.TrafficPlan;
import dev.metric.pacing.TargetRate;
import dev.metric.settings.Setting;
import dev.metric.workload.SizeDistribution;
import dev.metric.workload.TraceValues;
import java.time.Duration;

/**
 * Everything that defines a replay of a trace ({@code metric replay}), printed with its result.
 *
 * @param clientLanes      the library, connection settings, threads, connections per thread, engine and
 *                         requests in flight per connection
 * @param trace            the trace, scanned for as many lanes as the run has
 * @param speed            the pace against the trace's own times (2: twice as fast); 0 for as fast as
 *                         the lanes go (a closed loop) or at {@code rate}
 * @param rate             the commands' target rate, all lanes together, each lane an even share of one
 *                         schedule; a closed loop, the default, for as fast as the lanes go or at
 *                         {@code speed} (in results: {@code rateOpsPerSec})
 * @param rateTick         zero for an even schedule at {@code rate}; else released in ticks this long
 * @param search           {@code --find-max}: steps at rising rates, each a replay of the whole trace from
 *                         the state its warm phase leaves, judged by the objectives; null without it
 * @param warmupCommands   the trace's first commands, replayed and left out of the figures while
 *                         the client's code is compiled; their errors and reads count all the same
 * @param warmValueSizes   the lengths of the values the warm phase writes for the keys the trace
 *                         reads before writing them
 * @param flush            whether to FLUSHDB the database first
 * @param progressInterval how often progress lines are printed
 */
public record ReplayConfig(@JsonUnwrapped ClientLanes clientLanes, ScannedTrace trace, double speed,
                           @JsonProperty("rateOpsPerSec") TargetRate rate, Duration rateTick, SearchPlan search,
                           long warmupCommands, SizeDistribution warmValueSizes, FlushPolicy flush,
                           Duration progressInterval)
        implements RunConfig {

    public ReplayConfig {
        ClientSettings client = clientLanes.client();
        require(client.protocol() == Protocol.REDIS || trace.summary().format() == TraceFormat.YCSB, Setting.TRACE,
                " of Redis commands is replayed to Redis-protocol servers only; a YCSB trace to memcached too");
        require(trace.target() == client.protocol(), "the trace was scanned for " + trace.target() + ", not "
                + client.protocol());
        require(!client.cluster(), Setting.TRACE, " is replayed to one server, not a cluster: a command of several"
                + " keys may span slots");
        require(clientLanes.library() != ClientLibrary.FOLSOM || clientLanes.engine() != EngineKind.THREADS
                || clientLanes.inflight() == 1, Setting.INFLIGHT,
                " above 1 needs ", Setting.ENGINE, " loop for a replay to memcached: on threads, folsom takes turns"
                        + " among its connections, and a key's commands could pass each other");
        require(trace.lanes() == clientLanes.count(), "the trace was scanned for " + trace.lanes() + " lanes, not "
                + clientLanes.count());
        require(speed >= 0 && Double.isFinite(speed), Setting.SPEED, " must be more than 0, got " + speed);
        require(speed == 0 || trace.summary().timed(), Setting.SPEED, " replays at the trace's own times, which a "
                + trace.summary().format().optionName() + " trace does not have");
        require(speed == 0 || !rate.paced(), Setting.RATE, " and ", Setting.SPEED, " both set the pace: give one");
        require(speed == 0 || search == null, Setting.SEARCH, " sets the pace of each step: not with ", Setting.SPEED);
        require(search == null || search.stepDuration() == null, Setting.STEP_DURATION, " does not apply to a replay:"
                + " each step replays the whole trace");
        TrafficPlan.checkRateTick(rateTick, true);
        require(rateTick.isZero() || rate.paced(), Setting.RATE_TICK, " releases a schedule in bursts: it needs ",
                Setting.RATE);
        long commands = trace.summary().replayed().commands();
        require(warmupCommands >= 0 && warmupCommands < commands, Setting.WARMUP, " must leave commands to measure:"
                + " 0 to " + (commands - 1) + " of the trace's " + commands + ", got " + warmupCommands);
        require(flush != FlushPolicy.UNLESS_FOREIGN_KEYS, Setting.FLUSH, " empties the database of a replay only with ",
                Setting.CONFIRM_FLUSH, ": the trace's keys are not metric's, so every key there counts as another's");
        require(warmValueSizes.minBytes() >= TraceValues.MIN_BYTES, Setting.VALUE_SIZE, " must be at least "
                + TraceValues.MIN_BYTES + " bytes for a replay's values, which name their key and version, got "
                + warmValueSizes);
    }

    /** Whether commands are sent at the trace's times rather than as fast as the lanes go. */
    public boolean timed() {
        return speed > 0;
    }

    /** Whether each command has a due time, the trace's or the rate's, from which its response time counts. */
    public boolean paced() {
        return timed() || rate.paced() || search != null;
    }

    /** The rate of a search's first step: {@code --rate}, or the searches' default start. */
    public TargetRate searchStart() {
        return rate.paced() ? rate : new TargetRate(TrafficPlan.DEFAULT_SEARCH_START);
    }

    /** A configuration built by name from {@link Builder}'s defaults; {@code build()} checks it. */
    public static Builder builder(ClientLibrary library, ClientSettings client, ScannedTrace trace) {
        return new Builder(library, client, trace);
    }

    /**
     * Builds a {@link ReplayConfig} by name. Unless set: one lane, one request in flight, as fast as
     * it goes (no speed, no rate), a tenth of the commands as warm-up; warm values of 200-2000
     * bytes; no flush; progress every second.
     */
    public static final class Builder extends RunBuilder<Builder> implements PacedBuilder<Builder> {

        private final ScannedTrace trace;
        private double speed;
        private TargetRate rate = TargetRate.CLOSED_LOOP;
        private Duration rateTick = Duration.ZERO;
        private SearchPlan search;
        private long warmupCommands = -1;
        private SizeDistribution warmValueSizes = SizeDistribution.range(200, 2000);

        private Builder(ClientLibrary library, ClientSettings client, ScannedTrace trace) {
            super(library, client, Duration.ofSeconds(1));
            this.trace = trace;
            flush(FlushPolicy.NEVER);
        }

        /** The pace against the trace's times; 0 (the default) for as fast as the lanes go. */
        public Builder speed(double speed) {
            this.speed = speed;
            return this;
        }

        @Override
        public Builder rate(TargetRate rate) {
            this.rate = rate;
            return this;
        }

        @Override
        public Builder rateTick(Duration rateTick) {
            this.rateTick = rateTick;
            return this;
        }

        @Override
        public Builder search(SearchPlan search) {
            this.search = search;
            return this;
        }

        /** The trace's first commands left out of the figures; a tenth of its commands unless set. */
        public Builder warmupCommands(long commands) {
            this.warmupCommands = commands;
            return this;
        }

        /** The lengths of the warm phase's values; 200-2000 bytes unless set. */
        public Builder warmValueSizes(SizeDistribution sizes) {
            this.warmValueSizes = sizes;
            return this;
        }

        /** The configuration, checked: an {@link IllegalArgumentException} says what is wrong. */
        public ReplayConfig build() {
            return new ReplayConfig(clientLanes(), trace, speed, rate, rateTick, search,
                    warmupCommands < 0 ? trace.summary().replayed().commands() / 10 : warmupCommands, warmValueSizes,
                    flush, progressInterval);
        }
    }
}
