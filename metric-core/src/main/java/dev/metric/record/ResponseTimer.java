package dev.metric.record;

/**
 * Records one kind of operation twice, as wrk2 does: response time, from when the operation was
 * due to its reply (what a user of a server under this load waits), and service time, from when
 * it was actually sent (what the server and network took once asked). In a closed loop an
 * operation is due when it is sent and the two are equal; under a target rate, a stall makes
 * later operations late and only the response time shows it.
 */
public final class ResponseTimer {

    private final LatencyRecorder response = new LatencyRecorder();
    private final LatencyRecorder service = new LatencyRecorder();

    /** Records an operation due at {@code dueNanos}, sent at {@code sentNanos}, answered at {@code completedNanos}. */
    public void record(long dueNanos, long sentNanos, long completedNanos) {
        response.record(completedNanos - dueNanos);
        service.record(completedNanos - sentNanos);
    }

    public LatencyRecorder response() {
        return response;
    }

    public LatencyRecorder service() {
        return service;
    }

    /** Forgets everything recorded so far. */
    public void reset() {
        response.reset();
        service.reset();
    }
}
