package dev.metric.client;

/**
 * One command sent without waiting for its reply, and, once it completes, the reply and when it
 * arrived. A worker keeps a fixed set of these and reuses them, so that keeping many requests in
 * flight allocates nothing of its own per request.
 *
 * <p>Completion is delivered to the {@link CompletionQueue} the request belongs to, from
 * whichever thread sees the reply (Lettuce's I/O thread, or the worker itself for Jedis); the
 * queue's hand-over makes the reply fields visible to the worker that takes it.
 * Subclasses add what their runner needs to know about the operation.
 */
public class Request {

    /** The commands a request can carry. */
    public enum Command {
        GET, SETEX
    }

    private final CompletionQueue owner;

    private Command command;
    private byte[] key;
    private byte[] value;
    private long ttlSeconds;

    private long sentNanos;
    private long completedNanos;
    private byte[] reply;
    private String error;
    private boolean answered;

    protected Request(CompletionQueue owner) {
        this.owner = owner;
    }

    /** Makes this a GET of {@code key}. */
    public final void get(byte[] key) {
        prepare(Command.GET, key, null, 0);
    }

    /** Makes this a SETEX of {@code key} to {@code value}, expiring after {@code ttlSeconds}. */
    public final void setex(byte[] key, long ttlSeconds, byte[] value) {
        if (ttlSeconds < 1) {
            throw new IllegalArgumentException("SETEX needs a TTL of at least 1 s, got " + ttlSeconds);
        }
        prepare(Command.SETEX, key, value, ttlSeconds);
    }

    private void prepare(Command command, byte[] key, byte[] value, long ttlSeconds) {
        this.command = command;
        this.key = key;
        this.value = value;
        this.ttlSeconds = ttlSeconds;
        this.reply = null;
        this.error = null;
        this.answered = false;
        this.sentNanos = 0;
        this.completedNanos = 0;
    }

    public final Command command() {
        return command;
    }

    public final byte[] key() {
        return key;
    }

    public final byte[] value() {
        return value;
    }

    public final long ttlSeconds() {
        return ttlSeconds;
    }

    /** Records that the request is being handed to a connection now. */
    public final void markSent() {
        this.sentNanos = System.nanoTime();
    }

    /** {@link System#nanoTime()} when the request was handed to a connection. */
    public final long sentNanos() {
        return sentNanos;
    }

    /** {@link System#nanoTime()} when the reply or failure was seen. */
    public final long completedNanos() {
        return completedNanos;
    }

    /** The value a GET returned, null when the key was missing (and for SETEX). */
    public final byte[] reply() {
        return reply;
    }

    /**
     * Why the request failed (an error reply, or the failure that kept it from getting one), or
     * null when it succeeded.
     */
    public final String error() {
        return error;
    }

    /** Whether the server answered: a reply or an error reply, not a lost connection or a timeout. */
    public final boolean answered() {
        return answered;
    }

    /** Records a successful reply and hands the request back to its owner. */
    public final void succeeded(byte[] reply) {
        this.completedNanos = System.nanoTime();
        this.reply = reply;
        this.answered = true;
        owner.completed(this);
    }

    /** Records an error reply (OOM, WRONGTYPE...): the server answered and refused; hands the request back. */
    public final void rejected(String errorReply) {
        this.completedNanos = System.nanoTime();
        this.error = errorReply;
        this.answered = true;
        owner.completed(this);
    }

    /** Records a failure without a reply (a lost connection, a timeout) and hands the request back. */
    public final void failed(String error) {
        this.completedNanos = System.nanoTime();
        this.error = error;
        owner.completed(this);
    }
}
