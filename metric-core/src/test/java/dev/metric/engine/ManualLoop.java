package dev.metric.engine;

import dev.metric.client.IoLoop;
import dev.metric.pacing.FakeClock;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * An event loop on a fake clock: one thread that runs its tasks in the order of their times,
 * moving the clock to each task's time first, so that a drive on it runs the real loop code with
 * every moment known in advance. Its timers fire exactly on time, so a driver that sets them a
 * timer slack early wakes early and must set them again.
 */
final class ManualLoop implements IoLoop, AutoCloseable {

    private record Task(long atNanos, long sequence, Runnable work) {
    }

    private final FakeClock clock;
    private final long timerSlackNanos;
    private final PriorityQueue<Task> tasks = new PriorityQueue<>(
            Comparator.comparingLong(Task::atNanos).thenComparingLong(Task::sequence));
    private final Thread thread = new Thread(this::run, "manual-loop");
    private long sequence;
    private boolean closed;

    ManualLoop(FakeClock clock, long timerSlackNanos) {
        this.clock = clock;
        this.timerSlackNanos = timerSlackNanos;
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void execute(Runnable task) {
        add(clock.nanoTime(), task);
    }

    @Override
    public Timer schedule(Runnable task, long delayNanos) {
        Task added = add(clock.nanoTime() + Math.max(0, delayNanos), task);
        return () -> cancel(added);
    }

    @Override
    public long timerSlackNanos() {
        return timerSlackNanos;
    }

    @Override
    public boolean inLoop() {
        return Thread.currentThread() == thread;
    }

    private synchronized Task add(long atNanos, Runnable work) {
        Task task = new Task(atNanos, sequence++, work);
        tasks.add(task);
        notifyAll();
        return task;
    }

    private synchronized void cancel(Task task) {
        tasks.remove(task);
    }

    private void run() {
        while (true) {
            Task next;
            synchronized (this) {
                while (tasks.isEmpty() && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                next = tasks.poll();
            }
            clock.sleepUntil(next.atNanos());
            next.work().run();
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        notifyAll();
    }
}
