package dev.metric.run;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Calls a progress callback at a fixed interval on a daemon thread until closed. */
public final class ProgressTicker implements AutoCloseable {

    private final ScheduledExecutorService scheduler;

    private ProgressTicker(ScheduledExecutorService scheduler) {
        this.scheduler = scheduler;
    }

    public static ProgressTicker every(Duration interval, Runnable tick) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "metric-progress");
            thread.setDaemon(true);
            return thread;
        });
        long millis = interval.toMillis();
        scheduler.scheduleAtFixedRate(tick, millis, millis, TimeUnit.MILLISECONDS);
        return new ProgressTicker(scheduler);
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
        try {
            scheduler.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
