package dev.metric.cli.option;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RedisUriTest {

    @Test
    void everyPart() {
        RedisUri uri = RedisUri.parse("rediss://alice:p%40ss%3Aword@cache.example:6380/7");
        assertEquals(new RedisUri("cache.example", 6380, 7, "alice", "p@ss:word", true, false), uri);
    }

    @Test
    void defaultsForWhatIsLeftOut() {
        RedisUri uri = RedisUri.parse("redis://10.0.0.5");
        assertEquals(new RedisUri("10.0.0.5", 6379, 0, null, null, false, false), uri);
        assertEquals(0, RedisUri.parse("redis://h/").database());
    }

    @Test
    void aPasswordWithoutAUserIsTheDefaultUsers() {
        RedisUri uri = RedisUri.parse("redis://:secret@h:7000");
        assertNull(uri.user());
        assertEquals("secret", uri.password());
    }

    @Test
    void aClusterSchemeNamesOneNodeOfACluster() {
        assertEquals(new RedisUri("10.0.0.5", 7000, 0, null, null, false, true),
                RedisUri.parse("redis+cluster://10.0.0.5:7000"));
        RedisUri secure = RedisUri.parse("rediss+cluster://alice:pw@node1:7001");
        assertTrue(secure.tls() && secure.cluster());
        assertEquals("rediss+cluster://alice@node1:7001/0", secure.toString());
        assertThrows(IllegalArgumentException.class, () -> RedisUri.parse("redis-cluster://h:1"));
    }

    @Test
    void theTextFormNeverShowsThePassword() {
        String text = RedisUri.parse("redis://bob:hunter2@h:1/2").toString();
        assertFalse(text.contains("hunter2"), text);
        assertEquals("redis://bob@h:1/2", text);
    }

    @Test
    void malformedUrisNameTheProblemButNotThePassword() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RedisUri.parse("redis://bob:hunter2@h:1/two"));
        assertTrue(e.getMessage().contains("database number"), e.getMessage());
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RedisUri.parse("redis:///3"));
        assertThrows(IllegalArgumentException.class, () -> RedisUri.parse("rediss://h:1 2"));
    }
}
