package dev.metric.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.metric.client.ServerAddress;
import dev.metric.server.LocalRedisCluster;
import dev.metric.server.LocalRedisServer;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.testkit.engine.EngineTestKit;
import redis.clients.jedis.Jedis;

/**
 * Runs sample test classes through the JUnit engine to see which servers {@link LocalRedisExtension}
 * starts, who shares them, and that each is gone once its scope ends.
 */
class LocalRedisExtensionIT {

    @Test
    void theClassServerIsOneServerForConstructorLifecycleAndTestsAndStopsAfterTheClass() {
        ClassServer.seen.clear();

        EngineTestKit.engine("junit-jupiter").selectors(selectClass(ClassServer.class)).execute()
                .testEvents().assertStatistics(stats -> stats.succeeded(2).failed(0));

        assertEquals(5, ClassServer.seen.size(), "the @BeforeAll, two constructors and two tests");
        ClassServer.seen.forEach(server -> assertSame(ClassServer.seen.get(0), server));
        assertRefused(ClassServer.seen.get(0).address());
    }

    @Test
    void serversATestStartsStopWithTheTestAndThoseOfBeforeAllWithTheClass() {
        OwnServers.started.clear();

        EngineTestKit.engine("junit-jupiter").selectors(selectClass(OwnServers.class)).execute()
                .testEvents().assertStatistics(stats -> stats.succeeded(2).failed(0));

        assertEquals(2, OwnServers.started.size());
        OwnServers.started.forEach(LocalRedisExtensionIT::assertRefused);
    }

    @Test
    void theClassClusterHasThreeMastersAndStopsAfterTheClass() {
        ClassCluster.nodes.clear();

        EngineTestKit.engine("junit-jupiter").selectors(selectClass(ClassCluster.class)).execute()
                .testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));

        assertEquals(3, ClassCluster.nodes.size());
        ClassCluster.nodes.forEach(LocalRedisExtensionIT::assertRefused);
    }

    private static void assertRefused(ServerAddress address) {
        assertThrows(ConnectException.class, () -> new Socket(address.host(), address.port()).close(),
                "nothing listens on " + address + " any more");
    }

    private static String ping(ServerAddress address) {
        try (Jedis jedis = new Jedis(address.host(), address.port())) {
            return jedis.ping();
        }
    }

    /** A sample: every place that can ask for the class's server records what it got. */
    @ExtendWith(LocalRedisExtension.class)
    static class ClassServer {

        static final List<LocalRedisServer> seen = new ArrayList<>();

        ClassServer(LocalRedisServer server) {
            seen.add(server);
        }

        @BeforeAll
        static void before(LocalRedisServer server) {
            seen.add(server);
        }

        @Test
        void first(LocalRedisServer server) {
            seen.add(server);
            assertEquals("PONG", ping(server.address()));
        }

        @Test
        void second(LocalRedisServer server) {
            seen.add(server);
            assertEquals("PONG", ping(server.address()));
        }
    }

    /** A sample: a server of the class's own options, and one a test starts and leaves running. */
    @ExtendWith(LocalRedisExtension.class)
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class OwnServers {

        static final List<ServerAddress> started = new ArrayList<>();
        private static LocalRedisServer classWide;

        @BeforeAll
        static void before(RedisServers servers) throws IOException {
            classWide = servers.start("--maxmemory", "10mb");
            started.add(classWide.address());
        }

        @Test
        @Order(1)
        void startsOneOfItsOwn(RedisServers servers) throws IOException {
            LocalRedisServer own = servers.start();
            started.add(own.address());
            assertNotEquals(classWide.address(), own.address());
            assertEquals("PONG", ping(own.address()));
        }

        @Test
        @Order(2)
        void findsTheFirstTestsServerGoneAndTheClassServerThere() {
            assertRefused(started.get(1));
            try (Jedis jedis = new Jedis(classWide.address().host(), classWide.address().port())) {
                assertEquals("10485760", jedis.configGet("maxmemory").get("maxmemory"));
            }
        }
    }

    /** A sample: the class's cluster, its masters recorded. */
    @ExtendWith(LocalRedisExtension.class)
    static class ClassCluster {

        static final List<ServerAddress> nodes = new ArrayList<>();

        @Test
        void answersOnEveryMaster(LocalRedisCluster cluster) {
            cluster.masters().forEach(master -> {
                nodes.add(master.address());
                assertEquals("PONG", ping(master.address()));
            });
        }
    }
}
