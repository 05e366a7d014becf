package dev.metric.run;

import dev.metric.client.CompletionQueue;
import dev.metric.client.Request;

/** A mode2 request with what its worker needs to judge and time the reply. */
final class Operation extends Request {

    /** What the worker sent. A GET becomes a hit or a miss only when its reply is in. */
    enum Plan {
        GET, SETEX, REFILL
    }

    Plan plan;
    int keyIndex;
    /** When it was due: its intended start under a target rate, its send time in a closed loop. */
    long dueNanos;

    Operation(CompletionQueue owner) {
        super(owner);
    }

    boolean scheduled() {
        return plan != Plan.REFILL;
    }
}
