package dev.metric.jmh.roundtrip;

import java.nio.ByteBuffer;

/**
 * Finds where RESP commands end in a buffer without copying them: only as much parsing as
 * answering them in order needs.
 */
final class RespCommands {

    private RespCommands() {
    }

    /**
     * The index just past the command starting at {@code from} in {@code buffer} (up to its limit),
     * or -1 when the buffer holds only part of it. A line that is not an array is an inline
     * command, ending at its line feed.
     */
    static int end(ByteBuffer buffer, int from) {
        int limit = buffer.limit();
        if (from >= limit) {
            return -1;
        }
        if (buffer.get(from) != '*') {
            int lineEnd = lineEnd(buffer, from);
            return lineEnd < 0 ? -1 : lineEnd;
        }
        int lineEnd = lineEnd(buffer, from);
        if (lineEnd < 0) {
            return -1;
        }
        long arguments = number(buffer, from + 1, lineEnd - 2);
        int at = lineEnd;
        for (long i = 0; i < arguments; i++) {
            if (at >= limit) {
                return -1;
            }
            if (buffer.get(at) != '$') {
                throw new IllegalArgumentException("expected a bulk string at byte " + at);
            }
            int headerEnd = lineEnd(buffer, at);
            if (headerEnd < 0) {
                return -1;
            }
            long next = headerEnd + number(buffer, at + 1, headerEnd - 2) + 2;
            if (next > limit) {
                return -1;
            }
            at = (int) next;
        }
        return at;
    }

    /** Whether the command starting at {@code from}, which is whole, is {@code name} (upper case, ASCII). */
    static boolean is(ByteBuffer buffer, int from, String name) {
        if (buffer.get(from) != '*') {
            return false;
        }
        int at = lineEnd(buffer, lineEnd(buffer, from));
        if (at + name.length() >= buffer.limit()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if ((buffer.get(at + i) & ~0x20) != name.charAt(i)) {
                return false;
            }
        }
        return buffer.get(at + name.length()) == '\r';
    }

    /** The index after the {@code \n} of the line starting at {@code from}, or -1 if it has none yet. */
    private static int lineEnd(ByteBuffer buffer, int from) {
        for (int i = from; i < buffer.limit(); i++) {
            if (buffer.get(i) == '\n') {
                return i + 1;
            }
        }
        return -1;
    }

    private static long number(ByteBuffer buffer, int from, int to) {
        long value = 0;
        for (int i = from; i < to; i++) {
            byte digit = buffer.get(i);
            if (digit < '0' || digit > '9') {
                throw new IllegalArgumentException("expected a length at byte " + i);
            }
            value = value * 10 + digit - '0';
        }
        return value;
    }
}
