package dev.metric.client.lettuce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.metric.client.ReplyType;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the output keeps of replies as Lettuce's parser hands them over, event by event. */
class ReplyTypeOutputTest {

    private static ByteBuffer ascii(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }

    private static List<String> strings(ReplyTypeOutput output) {
        return output.strings().stream().map(bytes -> new String(bytes, StandardCharsets.US_ASCII)).toList();
    }

    @Test
    void aResp3ScoredArrayIsAnArrayAndFlattensWithWholeScoresAsIntegers() {
        ReplyTypeOutput output = new ReplyTypeOutput(true);
        output.multiArray(2);
        output.multiArray(2);
        output.set(ascii("=1.a"));
        output.set(0.0);
        output.multiArray(2);
        output.set(ascii("=1.b"));
        output.set(1.5);

        assertEquals(ReplyType.ARRAY, output.get());
        assertEquals(List.of("=1.a", "0", "=1.b", "1.5"), strings(output));
        assertNull(output.string(), "the outermost value is no string");
    }

    @Test
    void aNilWithinAnArrayKeepsItsPlace() {
        ReplyTypeOutput hmget = new ReplyTypeOutput(true);
        hmget.multiArray(3);
        hmget.set(ascii("=1.a"));
        hmget.set((ByteBuffer) null);
        hmget.set(ascii("=1.c"));

        assertEquals(ReplyType.ARRAY, hmget.get());
        assertEquals(3, hmget.strings().size());
        assertNull(hmget.strings().get(1));
        assertEquals("=1.c", new String(hmget.strings().get(2), StandardCharsets.US_ASCII));
    }

    @Test
    void aMapIsAMapAndAStringKeepsItsBytesWithoutKeepingTheRest() {
        ReplyTypeOutput map = new ReplyTypeOutput(true);
        map.multiMap(1);
        map.set(ascii("f0"));
        map.set(ascii("=1.a"));
        ReplyTypeOutput string = new ReplyTypeOutput(false);
        string.set(ascii("OK"));
        ReplyTypeOutput nil = new ReplyTypeOutput(false);
        nil.set((ByteBuffer) null);

        assertEquals(ReplyType.MAP, map.get());
        assertEquals(List.of("f0", "=1.a"), strings(map));
        assertEquals(ReplyType.STRING, string.get());
        assertEquals("OK", new String(string.string(), StandardCharsets.US_ASCII));
        assertNull(string.strings());
        assertEquals(ReplyType.NIL, nil.get());
        ReplyTypeOutput keptNil = new ReplyTypeOutput(true);
        keptNil.set((ByteBuffer) null);
        assertEquals(List.of(), keptNil.strings(), "a nil reply is no element");
    }

    /** Lettuce's decoder reads a +QUEUED past without handing it to the output: a status, a string. */
    @Test
    void aReplyLettuceHandsNothingOfIsAQueuedStatus() {
        ReplyTypeOutput queued = new ReplyTypeOutput(false);
        queued.complete(0);

        assertEquals(ReplyType.STRING, queued.get());
    }
}
