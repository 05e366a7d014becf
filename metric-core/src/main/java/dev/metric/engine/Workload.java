package dev.metric.engine;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.pacing.Schedule;
import dev.metric.record.RequestTimer;

/**
 * What one lane sends and what it makes of the replies: mode1's verified reads, mode2's cache
 * traffic. The engine decides when a request goes out and stamps it; the workload fills it in and
 * judges it. One instance per lane, called by one thread at a time.
 *
 * @param <R> the lane's requests, which carry what the workload needs to judge a reply
 */
public interface Workload<R extends Request> {

    /** One of the lane's reusable requests, completing to {@code owner}. */
    R newRequest(Completion owner);

    /**
     * Fills in {@code request} as the lane's next scheduled operation; false when the lane has
     * none left (it was given a number of operations and has sent them all), or none yet
     * ({@link #moreLater}).
     */
    boolean nextScheduled(R request);

    /**
     * After {@link #nextScheduled} returned false: whether operations will come later all the same,
     * as a replay's do once the thread reading the trace has dealt more to the lane, so that the
     * lane asks again shortly rather than end. Never blocks: an event loop drives other lanes too.
     */
    default boolean moreLater() {
        return false;
    }

    /**
     * Fills in an operation that must go out now, outside the schedule, such as the refill a miss
     * calls for, with its {@linkplain Request#intend intended start}, and {@linkplain Request#countWith
     * counted with} the operation it continues; false when there is none.
     */
    boolean nextFollowUp(R request);

    /**
     * Whether the lane must keep the connection it first takes for the whole drive, rather than
     * hand it back to the pool whenever nothing is outstanding: a follow-up that must go on the
     * connection of the request it follows (a WAIT after a write) needs it. False, the default,
     * borrows per request as an application does.
     */
    default boolean keepsConnection() {
        return false;
    }

    /**
     * Whether {@link #judge} never queues a follow-up, so that the event loop engine may send the
     * request a reply makes room for before it judges that reply: the judging (a value's check, the
     * recording) then runs while the server works on the next request, not before it goes out. The
     * figures do not change, as a request's moments are stamped when they happen. False, the
     * default, judges first, so that a follow-up goes out before the next scheduled operation.
     */
    default boolean judgesWithoutFollowUps() {
        return false;
    }

    /**
     * Judges a completed request, failed ones included (counting and verifying as the mode
     * requires, queuing any follow-up), and returns the timer its latencies go to.
     */
    RequestTimer judge(R request);

    /**
     * When the lane's scheduled operations are due: {@code planned}, the drive plan's share for this
     * lane (a closed loop or an even stream), unless the workload's operations carry times of
     * their own, as a replayed trace's do.
     *
     * @param startNanos when the drive starts: its first operations are due then
     */
    default Schedule schedule(Schedule planned, long startNanos) {
        return planned;
    }
}
