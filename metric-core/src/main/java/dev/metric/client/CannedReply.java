package dev.metric.client;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The bytes of one RESP reply, to be parsed again and again by a {@link WireCodec} as if it kept
 * arriving from a server.
 */
public final class CannedReply {

    private static final byte[] CRLF = {'\r', '\n'};

    private final byte[] bytes;

    private CannedReply(byte[] bytes) {
        this.bytes = bytes;
    }

    /** The reply to a GET that found {@code value}. */
    public static CannedReply bulk(byte[] value) {
        byte[] header = ("$" + value.length + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] reply = Arrays.copyOf(header, header.length + value.length + CRLF.length);
        System.arraycopy(value, 0, reply, header.length, value.length);
        System.arraycopy(CRLF, 0, reply, header.length + value.length, CRLF.length);
        return new CannedReply(reply);
    }

    /** {@code +OK\r\n}. */
    public static CannedReply ok() {
        return new CannedReply("+OK\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    /** The reply's bytes; callers must not change them. */
    public byte[] bytes() {
        return bytes;
    }
}
