package dev.metric.cli.jvm;

import java.time.Duration;
import java.util.Optional;
import sun.misc.Signal;

/**
 * In a measuring JVM, stops it when the process that started it is gone: a SIGKILL gives that one
 * no chance to pass anything on, and the run would go on with no one to wait for it. The measuring
 * JVM sends itself SIGTERM, as if it had been passed on: a run stops as it would then, printing
 * what it measured and stopping the servers it started.
 */
public final class ParentWatch {

    private static final Duration EVERY = Duration.ofMillis(100);

    private ParentWatch() {
    }

    /** Starts watching when this JVM was started by {@link ForkedRun}; else does nothing. */
    public static void startIfForked() {
        String pid = System.getenv(ForkedRun.PARENT);
        if (pid == null) {
            return;
        }
        Optional<ProcessHandle> parent = ProcessHandle.of(Long.parseLong(pid));
        Thread watch = new Thread(() -> {
            while (parent.map(ProcessHandle::isAlive).orElse(false)) {
                try {
                    Thread.sleep(EVERY.toMillis());
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.err.println("metric: the process that started this measuring JVM (" + pid + ") is gone");
            Signal.raise(new Signal("TERM"));
        }, "metric-parent-watch");
        watch.setDaemon(true);
        watch.start();
    }
}
