package dev.metric.jmh.roundtrip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.Clients;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.jmh.support.ClientChoice;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CannedResponderTest {

    private static final byte[] VALUE = "the canned value".getBytes(StandardCharsets.US_ASCII);

    @ParameterizedTest
    @ValueSource(strings = {"jedis:2", "lettuce:shared", "lettuce:2"})
    void answersEachClientsGetWithTheValueAndSetWithOk(String choice) throws Exception {
        ClientChoice client = ClientChoice.parse(choice);
        try (CannedResponder responder = CannedResponder.start(VALUE);
             KeyValueClient connections = Clients.open(client.library(), client.settings(responder.address()));
             Lease lease = connections.lease()) {
            for (int i = 0; i < 3; i++) {
                assertArrayEquals(VALUE, lease.get("any key".getBytes(StandardCharsets.US_ASCII)));
                lease.set("k".getBytes(StandardCharsets.US_ASCII), new byte[2000]);
            }
        }
    }

    @Test
    void answersCommandsInOrderWhenTheyArriveInPieces() throws Exception {
        byte[] commands = ("*2\r\n$3\r\nGET\r\n$1\r\nk\r\n*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$5\r\nvalue\r\n"
                + "*2\r\n$3\r\nget\r\n$2\r\nk2\r\n").getBytes(StandardCharsets.US_ASCII);
        String expected = "$16\r\nthe canned value\r\n+OK\r\n$16\r\nthe canned value\r\n";
        try (CannedResponder responder = CannedResponder.start(VALUE);
             Socket socket = new Socket(responder.address().host(), responder.address().port())) {
            OutputStream out = socket.getOutputStream();
            for (byte b : commands) {
                out.write(b);
                out.flush();
            }
            InputStream in = socket.getInputStream();
            byte[] reply = in.readNBytes(expected.length());
            assertEquals(expected, new String(reply, StandardCharsets.US_ASCII));
        }
    }

    @Test
    void findsTheEndOfAWholeCommandAndNoneInAPart() {
        byte[] whole = "*2\r\n$3\r\nGET\r\n$3\r\nkey\r\n".getBytes(StandardCharsets.US_ASCII);
        assertEquals(whole.length, RespCommands.end(ByteBuffer.wrap(whole), 0));
        for (int cut = 0; cut < whole.length; cut++) {
            assertEquals(-1, RespCommands.end(ByteBuffer.wrap(whole, 0, cut), 0), "cut at " + cut);
        }
        assertTrue(RespCommands.is(ByteBuffer.wrap(whole), 0, "GET"));
        assertFalse(RespCommands.is(ByteBuffer.wrap(whole), 0, "GETEX"));
        assertFalse(RespCommands.is(ByteBuffer.wrap(whole), 0, "SET"));
    }
}
