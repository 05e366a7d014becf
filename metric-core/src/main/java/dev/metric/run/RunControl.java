package dev.metric.run;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Controls a run from outside its phases. It asks a running run to stop early: from outside
 * (Ctrl-C, SIGTERM) or from inside (the server is gone); every phase checks it between requests
 * and returns with what it measured, so that a stopped run still ends with a result that says it
 * was stopped and why. And it holds the moment the measured traffic may begin, so that load
 * generators on several hosts begin it together whatever their preload took.
 */
public final class RunControl {

    private final AtomicReference<String> reason = new AtomicReference<>();
    private volatile Instant trafficStart;

    /** Makes the run's traffic (mode1's reads, mode2's warm-up) wait until {@code at}. */
    public void startTrafficAt(Instant at) {
        this.trafficStart = at;
    }

    /**
     * Whether the traffic starts at a time set from outside: then generators on several hosts
     * measure together only if each warms up for the same time, whatever its JIT does.
     */
    public boolean startsAtSetTime() {
        return trafficStart != null;
    }

    /**
     * Sleeps until the traffic start, if one was set, saying so; returns early when the run is
     * stopped, and at once when the time has passed (the preload took longer), saying by how much.
     */
    public void awaitTrafficStart(Consumer<String> progress) throws InterruptedException {
        Instant at = trafficStart;
        if (at == null) {
            return;
        }
        Duration wait = Duration.between(Instant.now(), at);
        if (wait.isNegative()) {
            progress.accept(String.format("start-at: %s passed %,d ms ago; beginning now", at, -wait.toMillis()));
            return;
        }
        progress.accept(String.format("start-at: waiting %.1f s, until %s", wait.toMillis() / 1000.0, at));
        for (long left = wait.toMillis(); left > 0 && !stopped();
                left = Duration.between(Instant.now(), at).toMillis()) {
            Thread.sleep(Math.min(left, 100));
        }
    }

    /** Asks the run to stop; the first reason given is the one reported. */
    public void stop(String why) {
        reason.compareAndSet(null, why);
    }

    public boolean stopped() {
        return reason.get() != null;
    }

    /** Why the run was stopped, or null when it was not. */
    public String reason() {
        return reason.get();
    }
}
