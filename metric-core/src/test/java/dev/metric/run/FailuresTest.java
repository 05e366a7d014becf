package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FailuresTest {

    @Test
    void countsEachKindAndKeepsTheFirstMessageOfAny() {
        Failures failures = new Failures(3);
        failures.record(2, "timeout");
        failures.record(0, "OOM");
        failures.record(2, "timeout again");

        assertEquals(1, failures.count(0));
        assertEquals(0, failures.count(1));
        assertEquals(2, failures.count(2));
        assertEquals(3, failures.total());
        assertEquals("timeout", failures.first());
    }

    @Test
    void nothingFailedHasNoFirstMessage() {
        Failures failures = Failures.ofOneKind();
        assertEquals(0, failures.total());
        assertNull(failures.first());
    }

    @Test
    void threadsRecordingAtOnceLoseNoCount() throws InterruptedException {
        Failures failures = new Failures(2);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int kind = t % 2;
            String message = "thread " + t;
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 25_000; i++) {
                    failures.record(kind, message);
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }

        assertEquals(50_000, failures.count(0));
        assertEquals(50_000, failures.count(1));
        assertTrue(Set.of("thread 0", "thread 1", "thread 2", "thread 3").contains(failures.first()), failures.first());
    }

    @Test
    void theFirstOfSeveralStretchesIsTheEarliestStretchsFirst() {
        Failures warmup = Failures.ofOneKind();
        Failures measured = Failures.ofOneKind();
        assertNull(Failures.firstOf(warmup, measured));

        measured.record("measured: refused");
        assertEquals("measured: refused", Failures.firstOf(warmup, measured));

        warmup.record("warm-up: timeout");
        assertEquals("warm-up: timeout", Failures.firstOf(warmup, measured));
    }
}
