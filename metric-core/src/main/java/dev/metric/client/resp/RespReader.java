package dev.metric.client.resp;

import dev.metric.client.ReplyType;
import dev.metric.client.Request;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads one connection's replies, RESP2 or RESP3, as its reads bring them: a token at a time (a
 * line, or a bulk string with its line), each taken only once all of it has arrived, so that a
 * reply split over reads is read on where the last read stopped. What a reply says is kept as its
 * request needs it: a GET's value straight into the request's own buffer
 * ({@link Request#replyBuffer}), an MGET's values, a custom command's type, its outermost string and,
 * for a read that is checked, every string and number in it flattened as {@link Request#replies()}
 * describes. Nested values nobody keeps are read past without a copy.
 *
 * <p>A RESP3 push (an out-of-band message, as client tracking sends) belongs to no request and is
 * read past. Used by the connection's loop thread only.
 */
final class RespReader {

    /** What is left to read of each array, map or set the reader is inside of, outermost first. */
    private int[] remaining = new int[8];
    private int depth;

    private Request target;
    private boolean reading;
    private boolean push;
    private ReplyType type;
    private byte[] string;
    private int valueLength;
    private List<byte[]> strings;
    private String error;

    /**
     * Reads what {@code in} holds of the reply to {@code request} (null: a reply nobody waits for any
     * more, read and dropped), up to its end.
     *
     * @return whether the reply is whole; {@link #deliver} then completes the request with it
     * @throws RespProtocolException when the bytes are not RESP
     */
    boolean read(ByteBuf in, Request request) {
        if (!reading) {
            begin(request);
        }
        while (true) {
            int start = in.readerIndex();
            int lineFeed = in.indexOf(start, in.writerIndex(), (byte) '\n');
            if (lineFeed < 0) {
                return false;
            }
            int lineEnd = lineFeed - 1;
            if (lineEnd <= start || in.getByte(lineEnd) != '\r') {
                throw new RespProtocolException("a reply line that does not end in CRLF: "
                        + in.toString(start, lineFeed - start, StandardCharsets.US_ASCII).strip());
            }
            byte kind = in.getByte(start);
            boolean whole;
            switch (kind) {
                case '$', '=', '!' -> {
                    long length = number(in, start + 1, lineEnd);
                    if (length < 0) {
                        in.readerIndex(lineFeed + 1);
                        whole = nil();
                        break;
                    }
                    if (length > Integer.MAX_VALUE - 2 || in.writerIndex() - lineFeed - 1 < length + 2) {
                        return false;
                    }
                    in.readerIndex(lineFeed + 1);
                    whole = kind == '!' ? error(in.readCharSequence((int) length, StandardCharsets.UTF_8).toString())
                            : bulk(in, (int) length);
                    in.skipBytes(2);
                }
                case '+' -> {
                    in.readerIndex(lineFeed + 1);
                    whole = simple(in, start + 1, lineEnd);
                }
                case '-' -> {
                    in.readerIndex(lineFeed + 1);
                    whole = error(in.toString(start + 1, lineEnd - start - 1, StandardCharsets.UTF_8));
                }
                case ':' -> {
                    in.readerIndex(lineFeed + 1);
                    whole = scalar(ReplyType.INTEGER, Long.toString(number(in, start + 1, lineEnd)));
                }
                case ',' -> {
                    in.readerIndex(lineFeed + 1);
                    double number = Double.parseDouble(in.toString(start + 1, lineEnd - start - 1,
                            StandardCharsets.US_ASCII));
                    whole = scalar(ReplyType.DOUBLE, Request.numberText(number));
                }
                case '_' -> {
                    in.readerIndex(lineFeed + 1);
                    whole = nil();
                }
                case '#', '(' -> {
                    in.readerIndex(lineFeed + 1);
                    whole = scalar(ReplyType.OTHER, null);
                }
                case '*', '~', '>', '%' -> {
                    long count = number(in, start + 1, lineEnd);
                    in.readerIndex(lineFeed + 1);
                    if (depth == 0 && kind == '>') {
                        push = true;
                    }
                    whole = count < 0 ? nil() : aggregate(kind == '%' ? ReplyType.MAP : ReplyType.ARRAY,
                            kind == '%' ? 2 * count : count);
                }
                default -> throw new RespProtocolException("a reply that is not RESP: "
                        + in.toString(start, lineFeed - start, StandardCharsets.US_ASCII).strip());
            }
            if (whole && push) {
                begin(target);
            } else if (whole) {
                reading = false;
                return true;
            }
        }
    }

    /**
     * Reads the rest of the reply being read, if one is, as one nobody waits for: its request has
     * failed already (it timed out) and may be in use again.
     */
    void drop() {
        if (reading) {
            target = null;
            strings = null;
        }
    }

    /** Completes the request of the reply just read whole with it. */
    void deliver() {
        Request request = target;
        target = null;
        if (request == null) {
            return;
        }
        if (error != null) {
            request.rejected(error);
            return;
        }
        switch (request.command()) {
            case GET -> request.succeededInBuffer(valueLength);
            case MGET -> request.succeededWithValues(strings);
            case CUSTOM -> request.succeededAs(type, string, request.keepsStrings() ? strings : null);
            default -> request.succeeded(null);
        }
    }

    private void begin(Request request) {
        target = request;
        reading = true;
        push = false;
        depth = 0;
        type = null;
        string = null;
        valueLength = -1;
        error = null;
        strings = request != null && (request.command() == Request.Command.MGET || request.keepsStrings())
                ? new ArrayList<>() : null;
    }

    /** Whether what this reply holds at the current depth is kept as a string of its own. */
    private boolean keeping() {
        return strings != null && !push && (depth > 0 || target.command() == Request.Command.CUSTOM);
    }

    private boolean bulk(ByteBuf in, int length) {
        if (target == null || push) {
            in.skipBytes(length);
            return scalar(ReplyType.STRING, null);
        }
        if (depth == 0 && target.command() == Request.Command.GET) {
            in.readBytes(target.replyBuffer(length), 0, length);
            valueLength = length;
            return element(ReplyType.STRING);
        }
        boolean outermost = depth == 0 && target.command() == Request.Command.CUSTOM;
        if (!outermost && !keeping()) {
            in.skipBytes(length);
            return element(ReplyType.STRING);
        }
        byte[] bytes = new byte[length];
        in.readBytes(bytes);
        if (outermost) {
            string = bytes;
        }
        if (keeping()) {
            strings.add(bytes);
        }
        return element(ReplyType.STRING);
    }

    private boolean simple(ByteBuf in, int from, int to) {
        boolean outermost = target != null && !push && depth == 0 && target.command() == Request.Command.CUSTOM;
        if (outermost || target != null && keeping()) {
            byte[] bytes = new byte[to - from];
            in.getBytes(from, bytes);
            if (outermost) {
                string = bytes;
            }
            if (keeping()) {
                strings.add(bytes);
            }
        }
        return element(ReplyType.STRING);
    }

    private boolean scalar(ReplyType kind, String text) {
        if (text != null && target != null && keeping()) {
            strings.add(text.getBytes(StandardCharsets.US_ASCII));
        }
        return element(kind);
    }

    /** A nil keeps its place within an array (an HMGET's missing field); a nil reply keeps nothing. */
    private boolean nil() {
        if (target != null && depth > 0 && keeping()) {
            strings.add(null);
        }
        return element(ReplyType.NIL);
    }

    private boolean error(String message) {
        if (error == null && !push) {
            error = message;
        }
        return element(ReplyType.STRING);
    }

    private boolean aggregate(ReplyType kind, long count) {
        if (count == 0) {
            return element(kind);
        }
        if (count > Integer.MAX_VALUE) {
            throw new RespProtocolException("an aggregate of " + count + " elements");
        }
        if (depth == 0 && !push) {
            type = kind;
        }
        if (depth == remaining.length) {
            remaining = Arrays.copyOf(remaining, depth * 2);
        }
        remaining[depth++] = (int) count;
        return false;
    }

    /**
     * Counts a value just read as one element of the aggregate it is in, and each aggregate it
     * completes as one of its parent's.
     *
     * @return whether the reply is whole
     */
    private boolean element(ReplyType kind) {
        if (depth == 0 && !push) {
            type = kind;
        }
        while (depth > 0) {
            if (--remaining[depth - 1] > 0) {
                return false;
            }
            depth--;
        }
        return true;
    }

    /** The decimal number between {@code from} and {@code to}, with its sign. */
    private static long number(ByteBuf in, int from, int to) {
        boolean negative = from < to && in.getByte(from) == '-';
        int at = negative ? from + 1 : from;
        if (at == to) {
            throw new RespProtocolException("a reply's length or number is empty");
        }
        long value = 0;
        for (; at < to; at++) {
            int digit = in.getByte(at) - '0';
            if (digit < 0 || digit > 9 || value > (Long.MAX_VALUE - digit) / 10) {
                throw new RespProtocolException("not a number in a reply: "
                        + in.toString(from, to - from, StandardCharsets.US_ASCII));
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }
}
