package dev.metric.engine;

import dev.metric.pacing.TargetRate;
import java.time.Duration;

/**
 * How a stretch of traffic is driven: how many threads, how many connections each drives, how many
 * requests each connection keeps in flight and how, at what rate, and for how long. These are
 * memtier_benchmark's {@code --threads}, {@code --clients} and {@code --pipeline}: a lane is one
 * connection's stream of requests.
 *
 * @param threads      the client's threads: event loops for a client that has them, each driving
 *                     its connections' lanes; otherwise each lane runs on a thread of its own
 * @param connections  lanes per thread, each on a connection of its own (on a pooled client, one
 *                     connection at a time)
 * @param window       requests a lane keeps in flight at most
 * @param batches      whether a lane sends its window as one batch and awaits all of it before the
 *                     next ({@code --pipeline}), rather than sending again as each reply comes
 * @param rate         operations per second of all lanes together, each lane taking an even share
 *                     of one schedule; a closed loop sends as soon as the window allows
 * @param tick         zero for an even schedule; else the schedule's operations are released in
 *                     bursts, each due at the start of the tick it falls in ({@link dev.metric.pacing.Pacer})
 * @param length         how long operations are sent; null for no limit, when each lane's workload
 *                       ends by itself
 * @param commandTimeout the client's limit for one reply. It is also how long after the end
 *                       operations due before it may still be sent, when the client fell behind
 *                       (what is still unsent then is counted as unsent, never dropped in
 *                       silence), and, with {@link #REPLY_GRACE}, how long a lane waits for a
 *                       reply before it concludes the client library lost the request
 */
public record DrivePlan(int threads, int connections, int window, boolean batches, TargetRate rate,
                        Duration tick, Duration length, Duration commandTimeout) {

    /** How long past the command timeout a reply may still come before a lane gives up on it. */
    public static final Duration REPLY_GRACE = Duration.ofSeconds(5);

    public DrivePlan {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1, got " + connections);
        }
        if (window < 1) {
            throw new IllegalArgumentException("window must be at least 1, got " + window);
        }
        if (tick.isNegative()) {
            throw new IllegalArgumentException("tick must be 0 or more, got " + tick);
        }
        if (length != null && (length.isNegative() || length.isZero())) {
            throw new IllegalArgumentException("length must be positive, got " + length);
        }
    }

    /** A plan whose schedule, if it has a rate, is even: no tick. */
    public DrivePlan(int threads, int connections, int window, boolean batches, TargetRate rate, Duration length,
                     Duration commandTimeout) {
        this(threads, connections, window, batches, rate, Duration.ZERO, length, commandTimeout);
    }

    /** Streams of requests in all, each on a connection of its own: threads times connections. */
    public int lanes() {
        return threads * connections;
    }

    /** How long after the end operations that were due before it may still be sent. */
    public Duration drain() {
        return commandTimeout;
    }

    /** How long a lane waits for a reply before it concludes the client library lost the request. */
    public Duration replyTimeout() {
        return commandTimeout.plus(REPLY_GRACE);
    }

    /** Whether operations are due at times fixed by the rate rather than as soon as the window allows. */
    public boolean paced() {
        return rate.paced();
    }
}
