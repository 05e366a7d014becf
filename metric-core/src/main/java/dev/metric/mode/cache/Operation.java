package dev.metric.mode.cache;

import dev.metric.client.Completion;
import dev.metric.client.Request;

/** A mode2 request with what its workload needs to judge the reply. */
final class Operation extends Request {

    /** What the workload sent. A GET becomes a hit or a miss only when its reply is in. */
    enum Plan {
        GET, SETEX, REFILL,
        /** The WAIT that follows a write under {@code --wait}. */
        WAIT
    }

    Plan plan;
    int keyIndex;
    /** The version a SETEX or refill writes. */
    long version;
    /** An MGET's key indices, in the order of its keys; null when reads are GETs. */
    final int[] keyIndices;
    /** Reused as the keys of every MGET of this operation; null when reads are GETs. */
    final byte[][] mgetKeys;

    /** @param keysPerRead keys each read asks for: 1 for GETs */
    Operation(Completion owner, int keysPerRead) {
        super(owner);
        this.keyIndices = keysPerRead > 1 ? new int[keysPerRead] : null;
        this.mgetKeys = keysPerRead > 1 ? new byte[keysPerRead][] : null;
    }
}
