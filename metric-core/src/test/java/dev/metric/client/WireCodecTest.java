package dev.metric.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.metric.workload.DataSet;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class WireCodecTest {

    private final DataSet dataSet = DataSet.standard(3, 1000);

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE", "RESP"})
    void encodesEachCommandAsItsRespArray(ClientLibrary library) {
        byte[] key = dataSet.key(17);
        byte[] value = dataSet.value(17);
        try (WireCodec codec = Clients.wireCodec(library)) {
            for (int round = 0; round < 3; round++) {
                byte[] get = resp("GET", key);
                assertEquals(get.length, codec.encodeGet(key));
                assertArrayEquals(get, codec.lastRequest());
                byte[] set = resp("SET", key, value);
                assertEquals(set.length, codec.encodeSet(key, value));
                assertArrayEquals(set, codec.lastRequest());
                byte[] setex = resp("SETEX", key, "3600".getBytes(StandardCharsets.US_ASCII), value);
                assertEquals(setex.length, codec.encodeSetex(key, 3600, value));
                assertArrayEquals(setex, codec.lastRequest());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = ClientLibrary.class, names = {"JEDIS", "LETTUCE", "RESP"})
    void parsesTheSameCannedRepliesAgainAndAgain(ClientLibrary library) {
        CannedReply small = CannedReply.bulk(dataSet.value(1));
        CannedReply large = CannedReply.bulk(new byte[2000]);
        try (WireCodec codec = Clients.wireCodec(library)) {
            for (int round = 0; round < 3; round++) {
                assertArrayEquals(dataSet.value(1), codec.decodeBulk(small));
                assertEquals("OK", codec.decodeStatus(CannedReply.ok()));
                assertArrayEquals(new byte[2000], codec.decodeBulk(large));
            }
        }
    }

    /** The RESP array a client sends: {@code *<n>\r\n}, then {@code $<length>\r\n<argument>\r\n} for each. */
    private static byte[] resp(String command, byte[]... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("*" + (args.length + 1) + "\r\n$" + command.length() + "\r\n" + command + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        for (byte[] arg : args) {
            out.writeBytes(("$" + arg.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(arg);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        return out.toByteArray();
    }
}
