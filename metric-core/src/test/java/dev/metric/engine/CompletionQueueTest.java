package dev.metric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.Request;
import dev.metric.pacing.FakeClock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The hand-over of completed requests from the threads that deliver replies to the one that owns them. */
class CompletionQueueTest {

    private static final long A_MINUTE = TimeUnit.MINUTES.toNanos(1);

    private final CompletionQueue queue = new CompletionQueue(new FakeClock(0), 2);

    private Request request() {
        return new Request(queue) {
        };
    }

    @Test
    void requestsComeBackInTheOrderTheyCompleted() throws InterruptedException {
        Request first = request();
        Request second = request();
        queue.completed(first);
        queue.completed(second);

        assertSame(first, queue.poll());
        assertSame(second, queue.poll(A_MINUTE));
        assertNull(queue.poll());
    }

    @Test
    void aWaitingOwnerIsWokenByADeliveryFromAnotherThread() throws Exception {
        Request request = request();
        AtomicReference<Request> taken = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        Thread owner = new Thread(() -> {
            try {
                taken.set(queue.poll(A_MINUTE));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            done.countDown();
        });
        owner.start();
        while (owner.getState() != Thread.State.TIMED_WAITING) {
            Thread.onSpinWait();
        }

        queue.completed(request);

        assertTrue(done.await(1, TimeUnit.MINUTES), "the owner was not woken");
        assertSame(request, taken.get());
    }

    @Test
    void aWaitWithNoDeliveryEndsEmptyAtItsTimeout() throws InterruptedException {
        assertNull(queue.poll(TimeUnit.MILLISECONDS.toNanos(5)));
    }

    @Test
    void anInterruptedWaitSaysSo() {
        Thread.currentThread().interrupt();

        assertThrows(InterruptedException.class, () -> queue.poll(A_MINUTE));
    }

    @Test
    void moreCompletionsThanTheWindowHoldsAreRefusedAndTheQueueKeepsItsOwn() {
        Request first = request();
        queue.completed(first);
        queue.completed(request());

        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> queue.completed(request()));
        assertEquals("more requests completed than the window holds", refused.getMessage());
        assertSame(first, queue.poll());
        queue.completed(request());
    }
}
