package dev.metric.client.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.Completion;
import dev.metric.client.ReplyType;
import dev.metric.client.Request;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Replies as a server sends them, fed to the reader whole and in every size of piece down to a
 * byte at a time, as reads may split them anywhere: each request must end with the same outcome.
 */
class RespReaderTest {

    @Test
    void aGetsValueLandsInItsRequestsBufferAndANilIsAMissingKey() {
        everySplit("$5\r\nhello\r\n$-1\r\n$0\r\n\r\n", List.of(get(), get(), get()), done -> {
            assertEquals("hello", value(done.get(0)));
            assertEquals(-1, done.get(1).replyLength());
            assertNull(done.get(1).replyBytes());
            assertEquals(0, done.get(2).replyLength());
        });
    }

    @Test
    void anMgetKeepsEachValueInItsPlaceAndANilAsNull() {
        everySplit("*3\r\n$1\r\na\r\n$-1\r\n$2\r\nbc\r\n", List.of(mget()), done -> {
            List<byte[]> values = done.get(0).replies();
            assertEquals(3, values.size());
            assertEquals("a", text(values.get(0)));
            assertNull(values.get(1));
            assertEquals("bc", text(values.get(2)));
        });
    }

    @Test
    void aCheckedReadKeepsEveryStringAndNumberFlattenedInOrder() {
        everySplit("*4\r\n$1\r\na\r\n$-1\r\n*2\r\n:5\r\n+b\r\n*-1\r\n", List.of(read()), done -> {
            Request request = done.get(0);
            assertEquals(ReplyType.ARRAY, request.replyType());
            assertEquals(Arrays.asList("a", null, "5", "b", null), texts(request.replies()));
            assertNull(request.replyBytes(), "an array is not a string reply");
        });
    }

    @Test
    void aTemplatesReplyIsTypedAndItsOutermostStringKeptButNothingFlattened() {
        everySplit("+QUEUED\r\n:42\r\n*2\r\n$1\r\nx\r\n$1\r\ny\r\n*0\r\n$-1\r\n", List.of(custom(), custom(),
                custom(), custom(), custom()), done -> {
                    assertEquals(ReplyType.STRING, done.get(0).replyType());
                    assertEquals("QUEUED", value(done.get(0)));
                    assertEquals(ReplyType.INTEGER, done.get(1).replyType());
                    assertEquals(ReplyType.ARRAY, done.get(2).replyType());
                    assertNull(done.get(2).replies());
                    assertEquals(ReplyType.ARRAY, done.get(3).replyType());
                    assertEquals(ReplyType.NIL, done.get(4).replyType());
                });
    }

    @Test
    void resp3TypesAreToldApartAndNumbersKeptAsResp2WouldSendThem() {
        everySplit("%1\r\n+a\r\n,3.0\r\n_\r\n#t\r\n,1.5\r\n(12345678901234567890\r\n=7\r\ntxt:abc\r\n",
                List.of(read(), custom(), custom(), read(), custom(), custom()), done -> {
                    assertEquals(ReplyType.MAP, done.get(0).replyType());
                    assertEquals(List.of("a", "3"), texts(done.get(0).replies()));
                    assertEquals(ReplyType.NIL, done.get(1).replyType());
                    assertEquals(ReplyType.OTHER, done.get(2).replyType());
                    assertEquals(ReplyType.DOUBLE, done.get(3).replyType());
                    assertEquals(List.of("1.5"), texts(done.get(3).replies()));
                    assertEquals(ReplyType.OTHER, done.get(4).replyType());
                    assertEquals("txt:abc", value(done.get(5)));
                });
    }

    @Test
    void anErrorRejectsTheRequestWhereverInTheReplyItIs() {
        everySplit("-ERR unknown command\r\n*2\r\n+OK\r\n-WRONGTYPE not a list\r\n!5\r\nERR x\r\n+OK\r\n",
                List.of(custom(), custom(), custom(), set()), done -> {
                    assertEquals("ERR unknown command", done.get(0).error());
                    assertTrue(done.get(0).answered());
                    assertEquals("WRONGTYPE not a list", done.get(1).error());
                    assertEquals("ERR x", done.get(2).error());
                    assertNull(done.get(3).error());
                    assertTrue(done.get(3).answered());
                });
    }

    @Test
    void aPushBelongsToNoRequestAndIsReadPast() {
        everySplit(">2\r\n+invalidate\r\n*1\r\n$1\r\nk\r\n:7\r\n", List.of(read()), done -> {
            assertEquals(ReplyType.INTEGER, done.get(0).replyType());
            assertEquals(List.of("7"), texts(done.get(0).replies()));
        });
    }

    @Test
    void aReplyDroppedHalfWayIsReadToItsEndWithoutTouchingItsRequest() {
        RespReader reader = new RespReader();
        List<Request> done = new ArrayList<>();
        Request late = get(done);
        ByteBuf in = Unpooled.buffer();
        in.writeCharSequence("$5\r\nhel", StandardCharsets.US_ASCII);
        assertFalse(reader.read(in, late));
        reader.drop();
        in.writeCharSequence("lo\r\n$2\r\nok\r\n", StandardCharsets.US_ASCII);
        assertTrue(reader.read(in, null));
        reader.deliver();
        Request next = get(done);
        assertTrue(reader.read(in, next));
        reader.deliver();
        assertEquals(List.of(next), done);
        assertEquals("ok", value(next));
        assertEquals(-1, late.replyLength());
    }

    @Test
    void bytesThatAreNotRespAreRefused() {
        for (String wrong : List.of("hello\r\n", "$abc\r\n", ":12\n", "*1x\r\n")) {
            ByteBuf in = Unpooled.copiedBuffer(wrong, StandardCharsets.US_ASCII);
            assertThrows(RespProtocolException.class, () -> new RespReader().read(in, custom()), wrong);
        }
    }

    /**
     * Feeds {@code replies} to one reader in pieces of every size, as a connection's reads would,
     * each piece added after what is left of the last, and checks the requests' outcomes each time.
     */
    private static void everySplit(String replies, List<Request> shapes, Consumer<List<Request>> check) {
        byte[] bytes = replies.getBytes(StandardCharsets.US_ASCII);
        for (int piece = 1; piece <= bytes.length; piece++) {
            List<Request> done = new ArrayList<>();
            List<Request> requests = new ArrayList<>();
            for (Request shape : shapes) {
                requests.add(copy(shape, done));
            }
            RespReader reader = new RespReader();
            ByteBuf in = Unpooled.buffer();
            int next = 0;
            for (int from = 0; from < bytes.length; from += piece) {
                in.writeBytes(bytes, from, Math.min(piece, bytes.length - from));
                while (next < requests.size() && reader.read(in, requests.get(next))) {
                    reader.deliver();
                    next++;
                }
                in.discardReadBytes();
            }
            assertEquals(requests, done, "pieces of " + piece + " bytes");
            assertEquals(0, in.readableBytes(), "pieces of " + piece + " bytes");
            check.accept(done);
        }
    }

    private static Request copy(Request shape, List<Request> done) {
        Request request = new Probe(done);
        switch (shape.command()) {
            case GET -> request.get(shape.key());
            case SET -> request.set(shape.key(), shape.value());
            case MGET -> request.mget(shape.keys());
            default -> {
                if (shape.keepsStrings()) {
                    request.customRead(shape.arguments(), 0);
                } else {
                    request.custom(shape.arguments(), 0);
                }
            }
        }
        return request;
    }

    private static Request get() {
        return get(new ArrayList<>());
    }

    private static Request get(List<Request> done) {
        Request request = new Probe(done);
        request.get(bytes("k"));
        return request;
    }

    private static Request set() {
        Request request = new Probe(new ArrayList<>());
        request.set(bytes("k"), bytes("v"));
        return request;
    }

    private static Request mget() {
        Request request = new Probe(new ArrayList<>());
        request.mget(new byte[][] {bytes("a"), bytes("b"), bytes("c")});
        return request;
    }

    private static Request custom() {
        Request request = new Probe(new ArrayList<>());
        request.custom(new byte[][] {bytes("CMD")}, 0);
        return request;
    }

    private static Request read() {
        Request request = new Probe(new ArrayList<>());
        request.customRead(new byte[][] {bytes("CMD")}, 0);
        return request;
    }

    private static String value(Request request) {
        return new String(request.replyBytes(), 0, request.replyLength(), StandardCharsets.US_ASCII);
    }

    private static List<String> texts(List<byte[]> strings) {
        List<String> texts = new ArrayList<>();
        for (byte[] each : strings) {
            texts.add(each == null ? null : text(each));
        }
        return texts;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** A request that records its completion in order. */
    private static final class Probe extends Request {

        Probe(List<Request> done) {
            super(new Completion() {
                @Override
                public long nanoTime() {
                    return 0;
                }

                @Override
                public void completed(Request request) {
                    done.add(request);
                }
            });
        }
    }
}
