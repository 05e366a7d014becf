package dev.metric.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.metric.workload.DataSet;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class WireCodecTest {

    private final DataSet dataSet = DataSet.standard(3, 1000);

    @ParameterizedTest
    @EnumSource(ClientLibrary.class)
    void encodesEachCommandAsItsRespArray(ClientLibrary library) {
        byte[] key = dataSet.key(17);
        byte[] value = dataSet.value(17);
        try (WireCodec codec = Clients.wireCodec(library)) {
            for (int round = 0; round < 3; round++) {
                assertEquals(resp("GET", key), codec.encodeGet(key));
                assertEquals(resp("SET", key, value), codec.encodeSet(key, value));
                assertEquals(resp("SETEX", key, "3600".getBytes(StandardCharsets.US_ASCII), value),
                        codec.encodeSetex(key, 3600, value));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ClientLibrary.class)
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

    /** Bytes of {@code *n\r\n} then {@code $len\r\n<arg>\r\n} for each argument. */
    private static int resp(String command, byte[]... args) {
        int bytes = header('*', args.length + 1) + header('$', command.length()) + command.length() + 2;
        for (byte[] arg : args) {
            bytes += header('$', arg.length) + arg.length + 2;
        }
        return bytes;
    }

    private static int header(char type, int count) {
        return 1 + Integer.toString(count).length() + 2;
    }
}
