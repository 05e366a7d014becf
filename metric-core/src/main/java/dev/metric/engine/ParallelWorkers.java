package dev.metric.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one body on N platform threads that start together and waits for all of them. Callers
 * time what the threads do on their own clock.
 */
public final class ParallelWorkers {

    /** The work of one thread, given its index. */
    @FunctionalInterface
    public interface Body {
        void run(int worker) throws Exception;
    }

    private ParallelWorkers() {
    }

    /**
     * Runs {@code body} on {@code threads} threads named {@code name-i} and waits for all.
     *
     * @throws IllegalStateException carrying the first failure of any thread
     */
    public static void run(int threads, String name, Body body) throws InterruptedException {
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            int worker = i;
            workers[i] = new Thread(() -> {
                ready.countDown();
                try {
                    go.await();
                    body.run(worker);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    ThreadAllocations.ending();
                }
            }, name + "-" + i);
            workers[i].setDaemon(true);
            workers[i].start();
        }
        ready.await();
        go.countDown();
        try {
            for (Thread worker : workers) {
                worker.join();
            }
        } catch (InterruptedException e) {
            for (Thread worker : workers) {
                worker.interrupt();
            }
            throw e;
        }
        if (failure.get() != null) {
            throw new IllegalStateException(name + " failed: " + failure.get(), failure.get());
        }
    }

    /** The share of {@code total} that worker {@code worker} of {@code workers} takes. */
    public static long share(long total, int workers, int worker) {
        return total / workers + (worker < total % workers ? 1 : 0);
    }

    /** The first item of worker {@code worker}'s contiguous share of {@code total} items. */
    public static long shareStart(long total, int workers, int worker) {
        return worker * (total / workers) + Math.min(worker, total % workers);
    }
}
