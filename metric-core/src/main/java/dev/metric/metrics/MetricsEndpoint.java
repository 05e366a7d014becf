package dev.metric.metrics;

import dev.metric.record.IntervalLog;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.InetAddress;

/**
 * The HTTP endpoint of {@code --metrics-port}: the Prometheus Java client's own server, serving
 * a run's {@link LiveMetrics} at {@code /metrics} (Prometheus text, OpenMetrics or protobuf, as the
 * scraper asks) on the one address it is given, from before the run starts until it ends. It has
 * no authentication, so the command line gives it the loopback address unless told otherwise.
 */
public final class MetricsEndpoint implements AutoCloseable {

    private final HTTPServer server;
    private final LiveMetrics metrics;

    private MetricsEndpoint(HTTPServer server, LiveMetrics metrics) {
        this.server = server;
        this.metrics = metrics;
    }

    /**
     * Serves a new run's metrics on {@code host}'s {@code port} (0: a free one).
     *
     * @throws IllegalArgumentException when nothing can listen there (the port is taken, the address
     *                                  is not this machine's)
     */
    public static MetricsEndpoint start(InetAddress host, int port) {
        LiveMetrics metrics = new LiveMetrics();
        PrometheusRegistry registry = new PrometheusRegistry();
        registry.register(metrics);
        try {
            return new MetricsEndpoint(HTTPServer.builder().inetAddress(host).port(port).registry(registry)
                    .buildAndStart(), metrics);
        } catch (IOException e) {
            throw new IllegalArgumentException("--metrics-port " + port + " on " + host.getHostAddress()
                    + ": cannot serve metrics there: " + e.getMessage(), e);
        }
    }

    /** What the run logs its intervals to, for the endpoint to serve. */
    public IntervalLog log() {
        return metrics;
    }

    /** The port it listens on. */
    public int port() {
        return server.getPort();
    }

    /** Stops serving. */
    @Override
    public void close() {
        server.close();
    }
}
