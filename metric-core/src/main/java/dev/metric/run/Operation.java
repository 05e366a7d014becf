package dev.metric.run;

import dev.metric.client.Completion;
import dev.metric.client.Request;

/** A mode2 request with what its workload needs to judge the reply. */
final class Operation extends Request {

    /** What the workload sent. A GET becomes a hit or a miss only when its reply is in. */
    enum Plan {
        GET, SETEX, REFILL
    }

    Plan plan;
    int keyIndex;
    /** The version a SETEX or refill writes. */
    long version;

    Operation(Completion owner) {
        super(owner);
    }
}
