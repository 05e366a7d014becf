package dev.metric.client;

import java.util.Arrays;
import java.util.List;

/**
 * One command sent without waiting for its reply, and the three moments every figure of it is
 * made from: when it was meant to start ({@link #intendedNanos()}, set by whoever schedules it),
 * when it went on the wire ({@link #onWireNanos()}, set by the binding as it hands the request to
 * its library to be encoded and written) and when its reply or failure came
 * ({@link #completedNanos()}, set by the binding as it reads the reply). All three come from the
 * clock of the {@link Completion} the request belongs to, as does a fourth its sender may set:
 * when it could first have gone out ({@link #sendableNanos()}), which tells the sender's own delay
 * from a wait for room among the requests in flight.
 *
 * <p>A worker keeps a fixed set of these and reuses them, so that keeping many requests in flight
 * allocates nothing of its own per request. Completion is delivered to the request's owner from
 * whichever thread sees the reply; the owner's hand-over makes the fields visible to the thread
 * that judges the reply. Subclasses add what their runner needs to know about the operation.
 */
public class Request {

    /** The commands a request can carry. */
    public enum Command {
        GET, SET, SETEX, MGET,
        /** A command of the user's: its name and arguments, its reply judged by its type alone. */
        CUSTOM
    }

    private final Completion owner;

    private Command command;
    private byte[] key;
    private byte[][] keys;
    private byte[][] arguments;
    /** The first of a custom command's arguments that is the user's data, for {@link #payloadBytes}. */
    private int payloadFrom;
    private byte[] value;
    private long ttlSeconds;

    private long intendedNanos;
    private long sendableNanos;
    private long onWireNanos;
    private long completedNanos;
    private boolean onWire;
    private int windowSide;
    private long countsFromNanos;
    /** Holds the reply in its first {@link #replyLength} bytes: an array of its own, or {@link #replyBuffer}. */
    private byte[] reply;
    private int replyLength = -1;
    /** Where a binding may read a reply into, kept from one use of the request to the next. */
    private byte[] replyBuffer = new byte[0];
    /** How many times the request has been prepared: a binding tells a reply to an earlier use by it. */
    private int use;
    private List<byte[]> replies;
    private ReplyType replyType;
    private boolean keepStrings;
    private String error;
    private boolean answered;
    /** Whether the request is to go to a replica, where its client routes reads ({@link ReplicaReadsClient}). */
    private boolean toReplica;

    protected Request(Completion owner) {
        this.owner = owner;
    }

    /** Makes this a GET of {@code key}. */
    public final void get(byte[] key) {
        prepare(Command.GET, key, null, 0);
    }

    /**
     * Makes this an MGET of {@code keys}, of which it keeps the array: its owner may fill the
     * array again for its next MGET once this one has completed.
     */
    public final void mget(byte[][] keys) {
        if (keys.length == 0) {
            throw new IllegalArgumentException("MGET needs at least one key");
        }
        prepare(Command.MGET, null, null, 0);
        this.keys = keys;
    }

    /**
     * Makes this the command {@code arguments} spell: its name, then its arguments.
     *
     * @param keyAt the argument that is the command's key, which a cluster routes it by; 0 for none
     */
    public final void custom(byte[][] arguments, int keyAt) {
        if (arguments.length == 0 || keyAt < 0 || keyAt >= arguments.length) {
            throw new IllegalArgumentException("a command needs its name, and its key among its arguments");
        }
        prepare(Command.CUSTOM, keyAt == 0 ? null : arguments[keyAt], null, 0);
        this.arguments = arguments;
        this.payloadFrom = 1;
    }

    /**
     * Makes this a custom command whose reply is kept as well as typed: every string and number in
     * it, flattened in order ({@link #replies()}), a nil within an array as null (an HMGET's missing
     * field keeps its place), for checking what a read returned.
     */
    public final void customRead(byte[][] arguments, int keyAt) {
        custom(arguments, keyAt);
        this.keepStrings = true;
    }

    /**
     * Makes this a script call, {@code EVAL script numkeys key ...}, whose payload is its key and
     * what follows it: the script's text is not the user's data.
     */
    public final void script(byte[][] arguments, int keyAt) {
        if (keyAt < 1) {
            throw new IllegalArgumentException("a script call here has a key");
        }
        custom(arguments, keyAt);
        this.payloadFrom = keyAt;
    }

    /**
     * A number of a reply as {@link #replies()} keeps it: the decimal text RESP2 sends, without a
     * fraction when it is whole ({@code 3}, not {@code 3.0}), so that RESP2 and RESP3 replies read
     * alike whichever binding parsed them.
     */
    public static String numberText(double number) {
        return number == Math.rint(number) && !Double.isInfinite(number) ? Long.toString((long) number)
                : Double.toString(number);
    }

    /** Whether the binding is to keep every string of the reply ({@link #customRead}). */
    public final boolean keepsStrings() {
        return keepStrings;
    }

    /** Makes this a SET of {@code key} to {@code value}, without expiry. */
    public final void set(byte[] key, byte[] value) {
        prepare(Command.SET, key, value, 0);
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
        this.keys = null;
        this.arguments = null;
        this.replies = null;
        this.replyType = null;
        this.keepStrings = false;
        this.value = value;
        this.ttlSeconds = ttlSeconds;
        this.reply = null;
        this.replyLength = -1;
        this.use++;
        this.error = null;
        this.answered = false;
        this.intendedNanos = 0;
        this.sendableNanos = 0;
        this.onWireNanos = 0;
        this.completedNanos = 0;
        this.onWire = false;
        this.toReplica = false;
    }

    /**
     * Sends this read to a replica of the server rather than to the server itself, when the client
     * routes reads ({@link ReplicaReadsClient}); set after the command, which starts it at false.
     */
    public final void toReplica(boolean replica) {
        this.toReplica = replica;
    }

    /** Whether this request is to go to a replica. */
    public final boolean toReplica() {
        return toReplica;
    }

    public final Command command() {
        return command;
    }

    public final byte[] key() {
        return key;
    }

    /** A custom command's name and arguments, null for the other commands. */
    public final byte[][] arguments() {
        return arguments;
    }

    /** An MGET's keys, null for the other commands. */
    public final byte[][] keys() {
        return keys;
    }

    public final byte[] value() {
        return value;
    }

    public final long ttlSeconds() {
        return ttlSeconds;
    }

    /**
     * Sets when the request was meant to start: its due time under a target rate, or the moment
     * its sender wanted to send it (before waiting for a connection) in a closed loop.
     */
    public final void intend(long nanos) {
        this.intendedNanos = nanos;
        this.sendableNanos = nanos;
        this.countsFromNanos = nanos;
    }

    /**
     * Makes a request that continues an operation (a refill after a miss, the next command of a
     * YCSB operation) count where that operation does: on the side of the measured window its
     * intended start, {@code originNanos}, falls on, not its own. Call after {@link #intend}.
     */
    public final void countWith(long originNanos) {
        this.countsFromNanos = originNanos;
    }

    /** The moment that decides the request's side of the measured window: its intended start, or its operation's. */
    public final long countsFromNanos() {
        return countsFromNanos;
    }

    /**
     * Sets when the request could first have gone out: its intended start, or later, when its
     * connection's window of requests in flight was full then and only had room from this moment.
     * Call after {@link #intend}.
     */
    public final void sendableFrom(long nanos) {
        this.sendableNanos = Math.max(intendedNanos, nanos);
    }

    /**
     * Sets which side of its drive's measured window the request counts on, by {@link #countsFromNanos}:
     * 0 for the warm-up's, 1 for the measurement's ({@code dev.metric.engine.MeasuredWindow}).
     * The engine sets it as the request goes out; a workload indexes its figures with it.
     */
    public final void countOnSide(int side) {
        this.windowSide = side;
    }

    /** The side of the measured window the request counts on; see {@link #countOnSide}. */
    public final int windowSide() {
        return windowSide;
    }

    /** Records that the request went on the wire now; bindings call it as they hand it to their library's write. */
    public final void markOnWire() {
        this.onWireNanos = owner.nanoTime();
        this.onWire = true;
    }

    /**
     * How long the request has been on the wire by its owner's clock, for a binding that gives up on
     * replies that do not come; 0 before it went out.
     */
    public final long nanosOnWire() {
        return onWire ? owner.nanoTime() - onWireNanos : 0;
    }

    public final long intendedNanos() {
        return intendedNanos;
    }

    /** When the request could first have gone out; see {@link #sendableFrom}. */
    public final long sendableNanos() {
        return sendableNanos;
    }

    public final long onWireNanos() {
        return onWireNanos;
    }

    /** When the reply or failure was seen; for a failure without a reply, when it was given up. */
    public final long completedNanos() {
        return completedNanos;
    }

    /**
     * The user's data this request carried either way: its key and the value it wrote or the
     * value its reply returned (a custom command's arguments and string reply); what byte rates count.
     */
    public final long payloadBytes() {
        long bytes = (key == null || arguments != null ? 0 : key.length) + (value == null ? 0 : value.length)
                + Math.max(0, replyLength);
        if (keys != null) {
            for (byte[] each : keys) {
                bytes += each.length;
            }
        }
        if (arguments != null) {
            for (int i = payloadFrom; i < arguments.length; i++) {
                bytes += arguments[i].length;
            }
        }
        if (replies != null) {
            for (byte[] each : replies) {
                bytes += each == null ? 0 : each.length;
            }
        }
        return bytes;
    }

    /**
     * The value a GET returned, null when the key was missing (and for writes): an array the caller
     * may keep. A reply the binding read into the request's own buffer is copied out of it, which
     * allocates; a reader on the hot path takes {@link #replyBytes} and {@link #replyLength} instead.
     */
    public final byte[] reply() {
        return reply == replyBuffer ? Arrays.copyOf(reply, replyLength) : reply;
    }

    /**
     * The array whose first {@link #replyLength} bytes are the value a GET returned, null when the
     * key was missing: valid until the request is used again.
     */
    public final byte[] replyBytes() {
        return reply;
    }

    /** How long the value a GET returned is, -1 when the key was missing (and for writes). */
    public final int replyLength() {
        return replyLength;
    }

    /** Which use of the request this is: it changes each time the request is made into a command. */
    public final int use() {
        return use;
    }

    /**
     * The request's own buffer, at least {@code length} bytes long, for a binding to read a GET's
     * value into and then call {@link #succeededInBuffer}: a request reused for many GETs allocates
     * no array per reply. The buffer lasts from one use of the request to the next.
     */
    public final byte[] replyBuffer(int length) {
        if (replyBuffer.length < length) {
            replyBuffer = new byte[length];
        }
        return replyBuffer;
    }

    /**
     * An MGET's values, one per key in order, null for a missing key; null for the other
     * commands and for an MGET that failed.
     */
    public final List<byte[]> replies() {
        return replies;
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
        this.reply = reply;
        this.replyLength = reply == null ? -1 : reply.length;
        this.answered = true;
        complete();
    }

    /**
     * Records a successful GET whose value the binding read into {@link #replyBuffer}, its first
     * {@code length} bytes, or -1 for a missing key, and hands the request back to its owner.
     */
    public final void succeededInBuffer(int length) {
        if (length > replyBuffer.length) {
            throw new IllegalArgumentException("a reply of " + length + " bytes is longer than its buffer");
        }
        this.reply = length < 0 ? null : replyBuffer;
        this.replyLength = length;
        this.answered = true;
        complete();
    }

    /**
     * The type of a custom command's reply, null for the other commands and for a failed one.
     */
    public final ReplyType replyType() {
        return replyType;
    }

    /**
     * Records a custom command's reply by its type, with its bytes when it was a string and, for
     * a {@link #customRead}, every string and number in it flattened (null otherwise), and hands
     * the request back.
     */
    public final void succeededAs(ReplyType type, byte[] stringReply, List<byte[]> strings) {
        this.replyType = type;
        this.reply = stringReply;
        this.replyLength = stringReply == null ? -1 : stringReply.length;
        this.replies = strings;
        this.answered = true;
        complete();
    }

    /** Records an MGET's values, one per key in order (null for a missing key), and hands the request back. */
    public final void succeededWithValues(List<byte[]> values) {
        this.replies = values;
        this.answered = true;
        complete();
    }

    /** Records an error reply (OOM, WRONGTYPE...): the server answered and refused; hands the request back. */
    public final void rejected(String errorReply) {
        this.error = errorReply;
        this.answered = true;
        complete();
    }

    /** Records a failure without a reply (a lost connection, a timeout) and hands the request back. */
    public final void failed(String error) {
        this.error = error;
        complete();
    }

    /**
     * Stamps the completion and hands the request back. A request that ended before it was put on
     * the wire (its connection failed first) is put there at its end: its service time is zero,
     * and its whole response time the client's.
     */
    private void complete() {
        this.completedNanos = owner.nanoTime();
        if (!onWire) {
            this.onWireNanos = completedNanos;
            this.onWire = true;
        }
        owner.completed(this);
    }
}
