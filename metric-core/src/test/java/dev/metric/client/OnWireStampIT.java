package dev.metric.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.metric.server.LocalMemcachedServer;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.HoldingProxy;
import dev.metric.testkit.LocalRedisExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Service time starts at one point for every client: as metric hands a request to the library to be
 * encoded and written (docs/latency.md). A proxy between each client and a real server holds what the
 * client sends, so that a request larger than the sockets' buffers cannot finish being written; the
 * run's clock moves on only once the proxy has seen the write begin. A binding that stamped the
 * request after its write would stamp it with the later time.
 */
@ExtendWith(LocalRedisExtension.class)
class OnWireStampIT {

    /** More than loopback's socket buffers hold on both sides together. */
    private static final int VALUE_BYTES = 32 << 20;
    private static final long HANDED_OVER_AT = 1_000;
    private static final long WRITE_BEGUN_AT = 5_000;

    @ParameterizedTest
    @EnumSource(ClientLibrary.class)
    void aRequestIsOnTheWireAsItIsHandedToTheLibraryBeforeItsWriteCanFinish(ClientLibrary library) throws Exception {
        try (Server server = Server.of(library.protocol());
             HoldingProxy proxy = HoldingProxy.to(server.address());
             KeyValueClient client = Clients.open(library, settings(proxy.address(), library.protocol()))) {
            Owner owner = new Owner(HANDED_OVER_AT);
            Request request = new Request(owner) {
            };
            request.set("metric:stamped".getBytes(StandardCharsets.US_ASCII), new byte[VALUE_BYTES]);
            request.intend(0);
            proxy.hold();
            Thread sender = new Thread(() -> {
                try (Lease lease = client.lease()) {
                    lease.send(request);
                    lease.flush();
                }
            });
            sender.start();

            proxy.awaitBytesWhileHeld();
            owner.now = WRITE_BEGUN_AT;
            proxy.release();
            owner.completed.await();
            sender.join();

            assertNull(request.error(), library + ": " + request.error());
            assertEquals(HANDED_OVER_AT, request.onWireNanos(), library + " stamped the request when it could");
        }
    }

    private static ClientSettings settings(ServerAddress address, Protocol protocol) {
        return new ClientSettings(address, 0, 1, Duration.ofSeconds(5), Duration.ofSeconds(60)).withProtocol(protocol);
    }

    /** The run's side of a request: a clock the test sets, and word of its completion. */
    private static final class Owner implements Completion {

        private volatile long now;
        private final CountDownLatch completed = new CountDownLatch(1);

        Owner(long now) {
            this.now = now;
        }

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void completed(Request request) {
            completed.countDown();
        }
    }

    /** A real server of the protocol, taking values of {@link #VALUE_BYTES}. */
    private record Server(ServerAddress address, AutoCloseable process) implements AutoCloseable {

        static Server of(Protocol protocol) throws Exception {
            if (protocol == Protocol.MEMCACHED) {
                LocalMemcachedServer memcached = LocalMemcachedServer.startOnFreePort(1, List.of("-I", "64m",
                        "-m", "256"));
                return new Server(memcached.address(), memcached);
            }
            LocalRedisServer redis = LocalRedisServer.startOnFreePort();
            return new Server(redis.address(), redis);
        }

        @Override
        public void close() throws Exception {
            process.close();
        }
    }
}
