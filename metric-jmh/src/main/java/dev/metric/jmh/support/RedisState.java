package dev.metric.jmh.support;

import dev.metric.server.LocalRedisServer;
import java.io.IOException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A real redis-server on a free loopback port, started for one trial by the launcher metric's
 * embedded default uses, so that benchmarks need nothing running beforehand.
 */
@State(Scope.Benchmark)
public class RedisState {

    public LocalRedisServer server;

    @Setup(Level.Trial)
    public void start() throws IOException {
        server = LocalRedisServer.startOnFreePort();
    }

    @TearDown(Level.Trial)
    public void stop() {
        server.close();
    }
}
