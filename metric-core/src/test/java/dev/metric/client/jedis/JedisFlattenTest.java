package dev.metric.client.jedis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.util.KeyValue;

/** The flattening that structured reads and a replay's reads of YCSB records are checked through. */
class JedisFlattenTest {

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static List<String> strings(List<byte[]> flat) {
        return flat.stream().map(bytes -> new String(bytes, StandardCharsets.US_ASCII)).toList();
    }

    @Test
    void resp3MapsAndScoredPairsFlattenAsTheirResp2Arrays() {
        Object resp3Hash = List.of(KeyValue.of(ascii("f0"), ascii("=1.a")), KeyValue.of(ascii("f1"), ascii("=1.b")));
        Object resp2Hash = List.of(ascii("f0"), ascii("=1.a"), ascii("f1"), ascii("=1.b"));
        Object resp3Zset = List.of(List.of(ascii("=1.a"), 0.0), List.of(ascii("=1.b"), 1.0));
        Object resp2Zset = List.of(ascii("=1.a"), ascii("0"), ascii("=1.b"), ascii("1"));

        assertEquals(strings(JedisCommands.flatten(resp2Hash, new ArrayList<>())),
                strings(JedisCommands.flatten(resp3Hash, new ArrayList<>())));
        assertEquals(List.of("=1.a", "0", "=1.b", "1"), strings(JedisCommands.flatten(resp3Zset, new ArrayList<>())));
        assertEquals(strings(JedisCommands.flatten(resp2Zset, new ArrayList<>())),
                strings(JedisCommands.flatten(resp3Zset, new ArrayList<>())));
        assertEquals(List.of("2.5", "7"), strings(JedisCommands.flatten(List.of(2.5, 7L), new ArrayList<>())));
    }

    @Test
    void aNilWithinAnArrayKeepsItsPlaceAndANilReplyFlattensToNothing() {
        List<Object> hmget = new ArrayList<>();
        hmget.add(ascii("=1.a"));
        hmget.add(null);
        hmget.add(ascii("=1.c"));

        List<byte[]> flat = JedisCommands.flatten(hmget, new ArrayList<>());

        assertEquals(3, flat.size());
        assertEquals("=1.a", new String(flat.get(0), StandardCharsets.US_ASCII));
        assertNull(flat.get(1));
        assertEquals("=1.c", new String(flat.get(2), StandardCharsets.US_ASCII));
        assertEquals(List.of(), JedisCommands.flatten(null, new ArrayList<>()));
    }
}
