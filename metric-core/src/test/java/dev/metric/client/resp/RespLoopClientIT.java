package dev.metric.client.resp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientSettings;
import dev.metric.client.Completion;
import dev.metric.client.ConnectionFailedException;
import dev.metric.client.Lease;
import dev.metric.client.ReplyType;
import dev.metric.client.Request;
import dev.metric.client.RespVersion;
import dev.metric.client.ServerAccess;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.Settings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.ClientType;
import redis.clients.jedis.params.ClientKillParams;

/** metric's own RESP client against a real redis-server: what it writes, what it reads back, how it fails. */
class RespLoopClientIT {

    private static LocalRedisServer server;
    private static Jedis admin;

    @BeforeAll
    static void start() throws Exception {
        server = LocalRedisServer.startOnFreePort();
        admin = new Jedis(server.address().host(), server.address().port());
    }

    @AfterAll
    static void stop() {
        admin.close();
        server.close();
    }

    /**
     * A thousand SETs of values of 1 to 2,000 random bytes and a GET of each, all in flight at once on
     * each of four connections of two loops: every GET returns its own value, and the server counts
     * exactly the commands sent.
     */
    @Test
    void pipelinedWritesAndReadsOnEveryConnectionMeetTheirOwnReplies() throws Exception {
        admin.configResetStat();
        Random random = new Random(7);
        int perConnection = 1_000;
        try (RespLoopClient client = RespLoopClient.open(settings(Duration.ofSeconds(10)), 2, 2)) {
            List<Call> reads = new ArrayList<>();
            Owner owner = new Owner(4 * perConnection * 2);
            for (int loop = 0; loop < 2; loop++) {
                for (int connection = 0; connection < 2; connection++) {
                    Lease lease = client.lease(loop, connection);
                    for (int i = 0; i < perConnection; i++) {
                        byte[] key = ("resp:" + loop + ":" + connection + ":" + i).getBytes(StandardCharsets.UTF_8);
                        byte[] value = new byte[1 + random.nextInt(2_000)];
                        random.nextBytes(value);
                        Call write = new Call(owner);
                        write.set(key, value);
                        Call read = new Call(owner);
                        read.get(key);
                        read.expected = value;
                        lease.send(write);
                        lease.send(read);
                        reads.add(read);
                    }
                    lease.flush();
                }
            }
            owner.await();
            for (Call read : reads) {
                assertNull(read.error(), read.error());
                assertArrayEquals(read.expected, read.reply());
            }
        }
        assertEquals(4 * perConnection, calls("set"));
        assertEquals(4 * perConnection, calls("get"));
    }

    /**
     * The server paused past the command timeout: the GET waiting fails as timed out, and when its reply
     * comes at last it is dropped, so that the next GET reads its own value rather than that one.
     */
    @Test
    void aLateReplyIsDroppedAndTheNextRequestMeetsItsOwn() throws Exception {
        admin.set("late:a", "A");
        admin.set("late:b", "B");
        try (RespLoopClient client = RespLoopClient.open(settings(Duration.ofMillis(300)), 1, 1)) {
            Lease lease = client.lease(0, 0);
            admin.clientPause(1_500);
            Owner first = new Owner(1);
            Call a = new Call(first);
            a.get("late:a".getBytes(StandardCharsets.UTF_8));
            lease.send(a);
            lease.flush();
            first.await();
            assertEquals("no reply within 300 ms", a.error());
            assertFalse(a.answered());
            assertEquals(-1, a.replyLength(), "the late reply must not land in a request that gave up");

            assertEquals("PONG", admin.ping()); // answered once the pause is over
            Owner second = new Owner(1);
            Call b = new Call(second);
            b.get("late:b".getBytes(StandardCharsets.UTF_8));
            lease.send(b);
            lease.flush();
            second.await();
            assertNull(b.error(), b.error());
            assertEquals("B", new String(b.reply(), StandardCharsets.UTF_8));
        }
    }

    /** A connection the server closes fails what it had in flight and, at once, whatever is sent on it after. */
    @Test
    void aClosedConnectionFailsEveryRequestAndIsNotUsedAgain() throws Exception {
        try (RespLoopClient client = RespLoopClient.open(settings(Duration.ofSeconds(10)), 1, 1)) {
            Lease lease = client.lease(0, 0);
            Owner blocked = new Owner(1);
            Call waiting = new Call(blocked);
            waiting.custom(words("BLPOP", "resp:never", "0"), 1);
            lease.send(waiting);
            lease.flush();
            awaitBlockedClients(1);
            admin.clientKill(new ClientKillParams().type(ClientType.NORMAL).skipMe(ClientKillParams.SkipMe.YES));
            blocked.await();
            assertEquals("the server closed the connection", waiting.error());

            Owner after = new Owner(1);
            Call next = new Call(after);
            next.get("resp:any".getBytes(StandardCharsets.UTF_8));
            lease.send(next);
            after.await();
            assertEquals("the server closed the connection", next.error());
        }
    }

    /** A password and a database on every connection; a wrong password refuses the connection, naming why. */
    @Test
    void everyConnectionAuthenticatesAndSelectsItsDatabase() throws Exception {
        admin.configSet("requirepass", "sesame");
        try {
            ConnectionFailedException refused = assertThrows(ConnectionFailedException.class,
                    () -> RespLoopClient.open(settings(Duration.ofSeconds(5), "wrong", 2), 1, 1));
            assertTrue(refused.getMessage().contains("WRONGPASS"), refused.getMessage());
            assertFalse(refused.getMessage().contains("wrong"), "the password is never shown");

            try (RespLoopClient client = RespLoopClient.open(settings(Duration.ofSeconds(5), "sesame", 2), 1, 1)) {
                client.lease(0, 0).set("resp:db".getBytes(StandardCharsets.UTF_8),
                        "two".getBytes(StandardCharsets.UTF_8));
            }
            admin.auth("sesame");
            admin.select(2);
            assertEquals("two", admin.get("resp:db"));
            admin.select(0);
            assertNull(admin.get("resp:db"), "written to database 2 only");
        } finally {
            admin.configSet("requirepass", "");
        }
    }

    /** After HELLO 3 the replies are RESP3's: a hash comes back as a map. */
    @Test
    void resp3RepliesAreRead() throws Exception {
        admin.hset("resp:hash", "f", "v");
        ClientSettings resp3 = Settings.withResp(settings(Duration.ofSeconds(5)), RespVersion.RESP3);
        try (RespLoopClient client = RespLoopClient.open(resp3, 1, 1)) {
            Owner owner = new Owner(1);
            Call read = new Call(owner);
            read.customRead(words("HGETALL", "resp:hash"), 1);
            Lease lease = client.lease(0, 0);
            lease.send(read);
            lease.flush();
            owner.await();
            assertEquals(ReplyType.MAP, read.replyType());
            assertEquals(List.of("f", "v"), read.replies().stream().map(String::new).toList());
        }
    }

    private static ClientSettings settings(Duration commandTimeout) {
        return new ClientSettings(server.address(), 0, 1, Duration.ofSeconds(5), commandTimeout);
    }

    private static ClientSettings settings(Duration commandTimeout, String password, int database) {
        ClientSettings plain = settings(commandTimeout);
        return new ClientSettings(plain.address(), database, new ServerAccess(null, password, null), 1, false,
                plain.timeouts(), plain.topology(), plain.resp(), plain.protocol(), false);
    }

    private static long calls(String command) {
        String line = admin.info("commandstats").lines().filter(l -> l.startsWith("cmdstat_" + command + ":"))
                .findFirst().orElseThrow();
        return Long.parseLong(line.replaceAll("^[^:]+:calls=(\\d+),.*", "$1"));
    }

    private static void awaitBlockedClients(int count) throws InterruptedException {
        while (!admin.info("clients").contains("blocked_clients:" + count)) {
            Thread.sleep(10);
        }
    }

    private static byte[][] words(String... words) {
        byte[][] bytes = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            bytes[i] = words[i].getBytes(StandardCharsets.UTF_8);
        }
        return bytes;
    }

    /** A request the test sends, with what its read should return. */
    private static final class Call extends Request {

        private byte[] expected;

        Call(Owner owner) {
            super(owner);
        }
    }

    /** Counts the test's requests down as they complete. */
    private static final class Owner implements Completion {

        private final CountDownLatch done;

        Owner(int requests) {
            this.done = new CountDownLatch(requests);
        }

        void await() throws InterruptedException {
            assertTrue(done.await(60, TimeUnit.SECONDS), "requests still outstanding: " + done.getCount());
        }

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void completed(Request request) {
            assertNotNull(request);
            done.countDown();
        }
    }
}
