package dev.metric.run;

import dev.metric.client.ClientException;
import dev.metric.client.ClientSettings;
import dev.metric.client.Request;
import dev.metric.client.ServerAddress;
import dev.metric.engine.Watch;
import dev.metric.result.Outage;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Tells a server that is down from one that is slow, while a run goes on. Every request is
 * counted here when sent and when it ends; a thread looks at the counts ten times a second.
 * Failures with no success since, or requests outstanding with no success for a second (a
 * client that re-sends after reconnecting fails nothing), are an outage, reported when it
 * begins and ends. Once no request has succeeded
 * for the command timeout, it tries to open a TCP connection to the server (to each master of a
 * cluster): if that fails too (refused, unreachable), the server is gone and the run is stopped
 * with what it measured; if it succeeds the server is alive but stalled, and the run goes on
 * counting timeouts.
 */
public final class ServerWatch implements Watch, AutoCloseable {

    private static final long TICK_MILLIS = 100;
    private static final long PROBE_EVERY_NANOS = 500_000_000L;
    private static final long SILENCE_NANOS = 1_000_000_000L;

    private final List<ServerAddress> servers;
    private final Duration connectTimeout;
    private final long giveUpNanos;
    private final RunControl control;
    private final Consumer<String> progress;
    private final long startNanos = System.nanoTime();
    private final LongAdder sent = new LongAdder();
    private final LongAdder successes = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private volatile String latestFailure;
    private final Thread ticker;

    // Owned by the ticker thread, read by close() after it has stopped.
    private final List<Outage> outages = new ArrayList<>();
    private long seenSuccesses;
    private long seenFailures;
    private long lastSuccessNanos = startNanos;
    private long outageStartNanos = -1;
    private long failuresBeforeOutage;
    private String outageFirstError;
    private long lastProbeNanos;

    /**
     * @param settings the run's timeouts: no success for the command timeout gets the servers
     *                 probed, with the connect timeout
     * @param servers  where the run's servers listen; the run is stopped only when none of them
     *                 accepts a connection
     * @param progress where the beginning and end of an outage are reported
     */
    public ServerWatch(ClientSettings settings, List<ServerAddress> servers, RunControl control,
                       Consumer<String> progress) {
        this.servers = List.copyOf(servers);
        this.connectTimeout = settings.connectTimeout();
        this.giveUpNanos = settings.commandTimeout().toNanos();
        this.control = control;
        this.progress = progress;
        this.ticker = new Thread(this::watch, "metric-server-watch");
        ticker.setDaemon(true);
        ticker.start();
    }

    /** A request, or a pipelined batch, is about to go out (before a connection is taken for it). */
    @Override
    public void sent() {
        sent.increment();
    }

    /** A request completed: an answer (a reply or an error reply) is a success here, anything else a failure. */
    @Override
    public void ended(Request request) {
        if (request.answered()) {
            succeeded();
        } else {
            failed(request.error());
        }
    }

    /** A request, or a pipelined batch, completed. */
    void succeeded() {
        successes.increment();
    }

    /** A request failed: connection lost or refused, timed out, or an error reply. */
    void failed(String error) {
        latestFailure = error;
        failures.increment();
    }

    /** Whether the run should stop: asked from outside, or the server is gone. */
    @Override
    public boolean stopRequested() {
        return control.stopped();
    }

    private void watch() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(TICK_MILLIS);
                tick(System.nanoTime());
            }
        } catch (InterruptedException closing) {
            Thread.currentThread().interrupt();
        }
    }

    private void tick(long now) {
        observe(now);
        boolean probeDue = now - lastProbeNanos >= PROBE_EVERY_NANOS;
        if (outageStartNanos >= 0 && now - lastSuccessNanos >= giveUpNanos && probeDue) {
            lastProbeNanos = now;
            String refused = probe();
            if (refused != null) {
                String gone = servers.size() == 1 ? "the server at " + servers.get(0) + " accepts no connection"
                        : "none of the masters " + servers + " accepts a connection";
                control.stop(String.format(Locale.ROOT, "%s (%s) and no request has succeeded for %.1f s", gone,
                        refused, (now - lastSuccessNanos) / 1e9));
            }
        }
    }

    /** Starts or ends an outage by what was counted since the last look. */
    private void observe(long now) {
        long outgoing = sent.sum();
        long succeeded = successes.sum();
        long failed = failures.sum();
        if (succeeded != seenSuccesses) {
            seenSuccesses = succeeded;
            lastSuccessNanos = now;
            if (outageStartNanos >= 0) {
                endOutage(now, failed, true);
                progress.accept(String.format(Locale.ROOT, "outage: requests succeed again after %.2f s;"
                        + " the run goes on", last().durationSec()));
            }
        } else if (outageStartNanos < 0) {
            boolean failing = failed != seenFailures;
            long outstanding = outgoing - succeeded - failed;
            if (failing || outstanding > 0 && now - lastSuccessNanos >= SILENCE_NANOS) {
                outageStartNanos = lastSuccessNanos;
                failuresBeforeOutage = seenFailures;
                outageFirstError = failing ? latestFailure
                        : String.format(Locale.ROOT, "no reply to %,d requests outstanding", outstanding);
                progress.accept(String.format(Locale.ROOT, "outage: no request has succeeded for %.2f s: %s",
                        (now - outageStartNanos) / 1e9, outageFirstError));
            }
        }
        seenFailures = failed;
    }

    /** Null when a TCP connection to any of the servers opens, else why the last one did not. */
    private String probe() {
        String refused = null;
        for (ServerAddress server : servers) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(server.host(), server.port()),
                        Math.toIntExact(connectTimeout.toMillis()));
                return null;
            } catch (IOException | IllegalArgumentException e) {
                refused = ClientException.describe(e);
            }
        }
        return refused;
    }

    private void endOutage(long now, long failed, boolean recovered) {
        outages.add(new Outage((outageStartNanos - startNanos) / 1e9, (now - outageStartNanos) / 1e9,
                failed - failuresBeforeOutage, outageFirstError, recovered));
        outageStartNanos = -1;
    }

    private Outage last() {
        return outages.get(outages.size() - 1);
    }

    /** Stops watching and returns the outages seen, an unfinished one last. */
    public List<Outage> outages() {
        close();
        return List.copyOf(outages);
    }

    @Override
    public void close() {
        if (ticker.isAlive()) {
            ticker.interrupt();
            try {
                ticker.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            long now = System.nanoTime();
            observe(now);
            if (outageStartNanos >= 0) {
                endOutage(now, failures.sum(), false);
            }
        }
    }
}
