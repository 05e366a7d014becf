package dev.metric.server;

import dev.metric.client.Sentinels;
import dev.metric.client.ServerAddress;
import dev.metric.client.jedis.SentinelLookup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A real Redis Sentinel ({@code redis-server --sentinel}) on a free loopback port, watching one
 * primary: what the tests of runs through Sentinels fail a primary over with. Its configuration,
 * which Sentinel rewrites, lives in its own temporary directory, removed on close.
 */
public final class LocalRedisSentinel implements AutoCloseable {

    private static final String LOOPBACK = "127.0.0.1";

    private final WatchedProcess process;
    private final ServerAddress address;

    private LocalRedisSentinel(WatchedProcess process, ServerAddress address) {
        this.process = process;
        this.address = address;
    }

    /**
     * Starts a Sentinel that monitors {@code primary} as {@code master}, agreeing on its failure
     * with {@code quorum} Sentinels once it has not answered for {@code downAfter}, and returns once
     * it names the primary.
     */
    public static LocalRedisSentinel start(ServerAddress primary, String master, int quorum, Duration downAfter)
            throws IOException {
        RedisExecutable executable = RedisExecutable.locate();
        return WatchedProcess.onFreePort(port -> {
            Path directory = WatchedProcess.directory("sentinel");
            Path log = directory.resolve("sentinel.log");
            Path config = directory.resolve("sentinel.conf");
            Files.write(config, List.of(
                    "port " + port,
                    "bind " + LOOPBACK,
                    "dir " + directory,
                    "logfile " + log,
                    "sentinel monitor " + master + " " + primary.host() + " " + primary.port() + " " + quorum,
                    "sentinel down-after-milliseconds " + master + " " + downAfter.toMillis(),
                    "sentinel failover-timeout " + master + " " + Math.max(1000, 3 * downAfter.toMillis())));
            WatchedProcess process = WatchedProcess.start("sentinel", directory,
                    List.of(executable.path().toString(), config.toString(), "--sentinel"));
            ServerAddress address = new ServerAddress(LOOPBACK, port);
            Sentinels itself = new Sentinels(master, List.of(address));
            process.awaitReady("redis-sentinel", port, log, () -> {
                try {
                    return SentinelLookup.primary(itself, Duration.ofMillis(200));
                } catch (RuntimeException notYet) {
                    throw new ServerUnreachableException(String.valueOf(notYet.getMessage()), true, notYet);
                }
            });
            return new LocalRedisSentinel(process, address);
        });
    }

    public ServerAddress address() {
        return address;
    }

    /** Stops the Sentinel and removes its directory. */
    @Override
    public void close() {
        process.close();
    }
}
