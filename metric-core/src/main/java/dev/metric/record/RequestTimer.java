package dev.metric.record;

/**
 * The one place where a request's latencies are recorded, as YCSB's {@code DBWrapper.measure}
 * and wrk2's {@code response_complete} are theirs: every measured request of every mode and phase
 * ends here, with the three moments its sender and its client library stamped, and each figure
 * has one definition:
 *
 * <ul>
 *   <li><b>response time</b> = completion - intended start: what a user of the server waits. The
 *       intended start is the due time under a target rate (so a stall that delays later sends
 *       shows, as wrk2 measures it), and in a closed loop the moment the sender wanted to send,
 *       before it waited for a connection;</li>
 *   <li><b>service time</b> = completion - on the wire: what the server and the network took once
 *       the request was written;</li>
 *   <li><b>send lateness</b> = on the wire - intended start = response - service: how late the
 *       request went out. Under a target rate it has two parts: waiting for room, when the
 *       connection already had as many requests in flight as it may (with one, the previous reply:
 *       a slow server shows here), and</li>
 *   <li><b>own delay</b> = on the wire - sendable: the client's own part, from when the request
 *       was due and had room to when it went out: its timers, its CPU, its waits for a
 *       connection. A thread that only sleeps to each due time has the same figure, for the
 *       machine's floor.</li>
 * </ul>
 *
 * <p>A request that failed (an error reply, a lost connection, a timeout) is recorded too, at the
 * moment it was given up, so that a timeout shows in the maximum instead of vanishing; its sender
 * counts it as well. HdrHistogram's expected-interval correction is not applied on top of the
 * intended start: that would count a stall twice. The wait for a connection is recorded apart, by
 * whoever leases one, since one lease may carry many requests.
 */
public final class RequestTimer {

    private final LatencyRecorder response = new LatencyRecorder();
    private final LatencyRecorder service = new LatencyRecorder();
    private final LatencyRecorder sendLateness = new LatencyRecorder();
    private final LatencyRecorder ownDelay = new LatencyRecorder();
    private final LatencyRecorder responseMirror;

    public RequestTimer() {
        this(null);
    }

    /**
     * @param responseMirror also gets every response time, or null: a coarse recorder that
     *                       several timers share for progress lines, read every second without
     *                       touching the reported histograms
     */
    public RequestTimer(LatencyRecorder responseMirror) {
        this.responseMirror = responseMirror;
    }

    /**
     * Records a request meant to start at {@code intendedNanos}, able to go out from
     * {@code sendableNanos} (no earlier than it was meant to), written at {@code onWireNanos} and
     * ended at {@code completedNanos}.
     */
    public void record(long intendedNanos, long sendableNanos, long onWireNanos, long completedNanos) {
        long responseNanos = completedNanos - intendedNanos;
        response.record(responseNanos);
        service.record(completedNanos - onWireNanos);
        sendLateness.record(onWireNanos - intendedNanos);
        ownDelay.record(onWireNanos - sendableNanos);
        if (responseMirror != null) {
            responseMirror.record(responseNanos);
        }
    }

    public LatencyRecorder response() {
        return response;
    }

    public LatencyRecorder service() {
        return service;
    }

    public LatencyRecorder sendLateness() {
        return sendLateness;
    }

    public LatencyRecorder ownDelay() {
        return ownDelay;
    }
}
