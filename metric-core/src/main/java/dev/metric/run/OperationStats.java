package dev.metric.run;

import dev.metric.record.LatencyRecorder;
import dev.metric.record.LatencySummary;
import dev.metric.record.LatencyTotals;
import dev.metric.record.RequestTimer;
import dev.metric.result.OperationRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * What the lanes of one stretch record per kind of request (a template of {@code run}, a command
 * of {@code replay}, each by its position): latencies, failures and the bytes the requests carried,
 * summed into an {@link OperationRow} per kind. One class, so that every mode with a row per
 * command records and summarises its rows alike.
 */
public final class OperationStats {

    /** Response times of every kind again, coarsely, for the progress line. */
    public final LatencyRecorder progress = new LatencyRecorder(LatencyRecorder.PROGRESS_DIGITS);
    /** Failed requests by kind. */
    public final Failures failures;
    private final RequestTimer[] timers;
    private final LongAdder[] payloadBytes;

    public OperationStats(int kinds) {
        timers = new RequestTimer[kinds];
        failures = new Failures(kinds);
        payloadBytes = new LongAdder[kinds];
        for (int kind = 0; kind < kinds; kind++) {
            timers[kind] = new RequestTimer(progress);
            payloadBytes[kind] = new LongAdder();
        }
    }

    /** Where requests of {@code kind} are timed. */
    public RequestTimer timer(int kind) {
        return timers[kind];
    }

    /** Counts {@code bytes} of arguments and string replies a request of {@code kind} carried. */
    public void carried(int kind, long bytes) {
        payloadBytes[kind].add(bytes);
    }

    /** Requests recorded, failed ones included. */
    public long recorded() {
        long recorded = 0;
        for (RequestTimer timer : timers) {
            recorded += timer.response().total().getTotalCount();
        }
        return recorded;
    }

    /** The interval log's tags: each kind's response time, named {@code prefix} and its position. */
    public Map<String, LatencyRecorder> logTags(String prefix) {
        return LoggedIntervals.numbered(prefix, timers);
    }

    /**
     * A row per kind over {@code seconds}, each with the server's count of its command from
     * {@code serverCalls} (-1 when unknown), and every kind together.
     */
    public Rows summarise(double seconds, IntToLongFunction serverCalls) {
        LatencyTotals all = new LatencyTotals();
        LatencyTotals service = new LatencyTotals();
        LatencyTotals lateness = new LatencyTotals();
        LatencyTotals ownDelay = new LatencyTotals();
        for (RequestTimer timer : timers) {
            all.add(timer.response());
            service.add(timer.service());
            lateness.add(timer.sendLateness());
            ownDelay.add(timer.ownDelay());
        }
        long total = all.nanos().getTotalCount();
        List<OperationRow> rows = new ArrayList<>();
        for (int kind = 0; kind < timers.length; kind++) {
            rows.add(OperationRow.of(timers[kind].response().summary(), timers[kind].service().summary(), total,
                    seconds, payloadBytes[kind].sum(), failures.count(kind), serverCalls.applyAsLong(kind)));
        }
        return new Rows(List.copyOf(rows), all.summary(), service.summary(), lateness.summary(),
                ownDelay.summary(), new Times(all.nanos(), service.nanos()));
    }

    /**
     * One row of the kinds {@code kinds} together over {@code seconds}, their latencies merged, with
     * the server's count of their command, and their response times merged in a histogram of their
     * own: a command that several kinds send, as memtier_benchmark reports it.
     */
    public Together summariseTogether(int[] kinds, double seconds, long serverCalls) {
        LatencyTotals response = new LatencyTotals();
        LatencyTotals service = new LatencyTotals();
        long bytes = 0;
        long errors = 0;
        for (int kind : kinds) {
            response.add(timers[kind].response());
            service.add(timers[kind].service());
            bytes += payloadBytes[kind].sum();
            errors += failures.count(kind);
        }
        return new Together(OperationRow.of(response.summary(), service.summary(), recorded(), seconds, bytes, errors,
                serverCalls), response.nanos());
    }

    /**
     * @param row           the kinds' row together
     * @param responseNanos their response times, merged
     */
    public record Together(OperationRow row, Histogram responseNanos) {
    }

    /**
     * Requests per second, p50 and p99 of response time over the last {@code seconds}, and the
     * errors so far: what every progress line of a mode with a row per kind shows.
     */
    public String progressLine(double seconds) {
        Histogram interval = progress.takeInterval();
        return String.format(PhaseProgress.NUMBERS, "%,.0f ops/s, p50 %.3f ms, p99 %.3f ms (last %.0f s), %,d errors",
                interval.getTotalCount() / seconds, interval.getValueAtPercentile(50) / 1e6,
                interval.getValueAtPercentile(99) / 1e6, seconds, failures.total());
    }

    /**
     * @param byKind   a row per kind, by position
     * @param all      every request's response time together
     * @param service  every request's service time together
     * @param lateness every request's send lateness together: response time less service time
     * @param ownDelay every request's own delay together: the part of its lateness that is the client's
     * @param times    every request's response and service times, for judging objectives
     */
    public record Rows(List<OperationRow> byKind, LatencySummary all, LatencySummary service,
                       LatencySummary lateness, LatencySummary ownDelay, Times times) {
    }

    /**
     * @param responseNanos every request's response time
     * @param serviceNanos  every request's service time
     */
    public record Times(Histogram responseNanos, Histogram serviceNanos) {
    }
}
