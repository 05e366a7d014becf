package dev.metric.client.resp;

import dev.metric.client.Request;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * Writes a request as the RESP array of bulk strings every Redis client sends, straight into the
 * buffer a connection writes from: {@code *<n>\r\n}, then {@code $<length>\r\n<bytes>\r\n} for the
 * command's name and each argument. Numbers are written digit by digit, so that encoding allocates
 * nothing.
 */
final class RespWriter {

    private static final byte[] GET = {'G', 'E', 'T'};
    private static final byte[] SET = {'S', 'E', 'T'};
    private static final byte[] SETEX = {'S', 'E', 'T', 'E', 'X'};
    private static final byte[] MGET = {'M', 'G', 'E', 'T'};

    private RespWriter() {
    }

    /** Writes the command {@code request} asks for. */
    static void write(ByteBuf out, Request request) {
        switch (request.command()) {
            case GET -> {
                header(out, '*', 2);
                bulk(out, GET);
                bulk(out, request.key());
            }
            case SET -> {
                header(out, '*', 3);
                bulk(out, SET);
                bulk(out, request.key());
                bulk(out, request.value());
            }
            case SETEX -> {
                header(out, '*', 4);
                bulk(out, SETEX);
                bulk(out, request.key());
                bulk(out, request.ttlSeconds());
                bulk(out, request.value());
            }
            case MGET -> {
                byte[][] keys = request.keys();
                header(out, '*', keys.length + 1);
                bulk(out, MGET);
                for (byte[] key : keys) {
                    bulk(out, key);
                }
            }
            case CUSTOM -> {
                byte[][] arguments = request.arguments();
                header(out, '*', arguments.length);
                for (byte[] argument : arguments) {
                    bulk(out, argument);
                }
            }
            default -> throw new IllegalStateException("no RESP for " + request.command());
        }
    }

    /** Writes {@code words} as one command, for a connection's own handshake (AUTH, HELLO, SELECT). */
    static void write(ByteBuf out, byte[]... words) {
        header(out, '*', words.length);
        for (byte[] word : words) {
            bulk(out, word);
        }
    }

    private static void bulk(ByteBuf out, byte[] bytes) {
        header(out, '$', bytes.length);
        out.writeBytes(bytes);
        crlf(out);
    }

    private static void bulk(ByteBuf out, long number) {
        header(out, '$', digits(number));
        decimal(out, number);
        crlf(out);
    }

    private static void header(ByteBuf out, char type, long count) {
        out.writeByte(type);
        decimal(out, count);
        crlf(out);
    }

    private static void crlf(ByteBuf out) {
        out.writeShort(('\r' << 8) | '\n');
    }

    /** How many characters {@code number} takes in decimal, with its sign. */
    static int digits(long number) {
        if (number == Long.MIN_VALUE) {
            return 20;
        }
        int digits = number < 0 ? 2 : 1;
        for (long rest = Math.abs(number); rest >= 10; rest /= 10) {
            digits++;
        }
        return digits;
    }

    private static void decimal(ByteBuf out, long number) {
        if (number == Long.MIN_VALUE) {
            out.writeCharSequence(Long.toString(number), StandardCharsets.US_ASCII);
            return;
        }
        if (number < 0) {
            out.writeByte('-');
            number = -number;
        }
        int length = digits(number);
        int end = out.writerIndex() + length;
        out.ensureWritable(length);
        for (int at = end - 1; at >= out.writerIndex(); at--) {
            out.setByte(at, (int) ('0' + number % 10));
            number /= 10;
        }
        out.writerIndex(end);
    }
}
