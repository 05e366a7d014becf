package dev.metric.client.lettuce;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A GET's value read into its request's buffer, as Lettuce's parser hands it over, and a late reply kept out. */
class ValueIntoRequestOutputTest {

    private final List<Request> completed = new ArrayList<>();
    private final Request request = new Request(new Completion() {
        @Override
        public long nanoTime() {
            return 0;
        }

        @Override
        public void completed(Request done) {
            completed.add(done);
        }
    }) {
    };

    private static ByteBuffer ascii(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void aValueLandsInTheRequestsBufferAndTheRequestReadsItBack() {
        request.get(bytes("k1"));
        ValueIntoRequestOutput output = new ValueIntoRequestOutput(request);
        output.set(ascii("a longer value"));
        request.succeededInBuffer(output.length());

        assertEquals(List.of(request), completed);
        assertEquals(14, request.replyLength());
        assertArrayEquals(bytes("a longer value"), Arrays.copyOf(request.replyBytes(), request.replyLength()));
        assertArrayEquals(bytes("a longer value"), request.reply());
        assertEquals(2 + 14, request.payloadBytes(), "the key and the value read");

        request.get(bytes("k2"));
        ValueIntoRequestOutput shorter = new ValueIntoRequestOutput(request);
        shorter.set(ascii("short"));
        request.succeededInBuffer(shorter.length());

        assertEquals(5, request.replyLength());
        assertArrayEquals(bytes("short"), request.reply(), "the value's own bytes, not the longer one's tail");
    }

    @Test
    void aReplyTakenOutOfTheBufferIsTheCallersToKeep() {
        request.get(bytes("k1"));
        byte[] exact = request.replyBuffer(5);
        ValueIntoRequestOutput output = new ValueIntoRequestOutput(request);
        output.set(ascii("first"));
        request.succeededInBuffer(output.length());
        byte[] kept = request.reply();

        request.get(bytes("k2"));
        ValueIntoRequestOutput next = new ValueIntoRequestOutput(request);
        next.set(ascii("other"));
        request.succeededInBuffer(next.length());

        assertSame(exact, request.replyBytes(), "a buffer of just the value's length is still the buffer");
        assertArrayEquals(bytes("first"), kept, "the reply taken before the request's next use is unchanged");
    }

    @Test
    void aNilIsAMissingKey() {
        request.get(bytes("k1"));
        ValueIntoRequestOutput output = new ValueIntoRequestOutput(request);
        output.set((ByteBuffer) null);
        request.succeededInBuffer(output.length());

        assertNull(request.replyBytes());
        assertNull(request.reply());
        assertEquals(-1, request.replyLength());
        assertEquals(2, request.payloadBytes());
    }

    @Test
    void aLateReplyToAnEarlierUseOfTheRequestLeavesItsBufferAlone() {
        request.get(bytes("timed-out"));
        ValueIntoRequestOutput timedOut = new ValueIntoRequestOutput(request);
        request.failed("timeout");
        request.get(bytes("next"));
        ValueIntoRequestOutput next = new ValueIntoRequestOutput(request);
        next.set(ascii("the next GET's value"));
        byte[] buffer = request.replyBuffer(0);

        timedOut.set(ascii("THE EARLIER GET'S VALUE, LATE"));
        request.succeededInBuffer(next.length());

        assertEquals(-1, timedOut.length(), "the late reply was not taken");
        assertSame(buffer, request.replyBytes());
        assertArrayEquals(bytes("the next GET's value"), request.reply());
    }
}
