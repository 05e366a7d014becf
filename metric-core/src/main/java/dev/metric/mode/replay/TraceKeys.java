package dev.metric.mode.replay;

import dev.metric.workload.TraceValues;

/** Where a command's keys are among its words, and which lane a key's hash alone would deal it to. */
final class TraceKeys {

    private TraceKeys() {
    }

    /**
     * The lane of key {@code keyId} by its hash alone: where the scan judges a key a command of
     * another key may write, and where {@link LaneRouting} leaves every key it does not deal itself.
     */
    static int laneOf(long keyId, int lanes) {
        return (int) (keyId % lanes);
    }

    static long id(byte[][] words, int at) {
        return TraceValues.keyId(words[at]);
    }

    /** Past the last word that is a key the replay follows: MGET, DEL and UNLINK name keys only, MSET pairs. */
    static int end(TraceCommand kind, byte[][] words) {
        return switch (kind) {
            case READ_MANY, DELETE, WRITE_PAIRS -> words.length;
            case KEYLESS, SKIPPED, INDEX_SCAN -> 1;
            default -> 2;
        };
    }

    /** The step from one key to the next: 2 for MSET's pairs, else 1. */
    static int step(TraceCommand kind) {
        return kind == TraceCommand.WRITE_PAIRS ? 2 : 1;
    }
}
