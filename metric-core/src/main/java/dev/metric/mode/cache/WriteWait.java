package dev.metric.mode.cache;

import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import dev.metric.settings.SettingMessage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * WAIT after the writes of mode2's traffic: the lane that wrote asks, on the connection the write
 * went on, to be told once {@code replicas} replicas have it, waiting at most {@code timeout}, as an
 * application that needs a write on replicas before it goes on does. What WAIT answers (how many
 * replicas had the write) is counted, and its latency reported apart from the operations'.
 *
 * @param replicas replicas each write is to reach, WAIT's numreplicas, 1 or more
 * @param timeout  how long WAIT may block, more than 0 (WAIT's 0, forever, is not offered)
 * @param share    the share of writes followed by a WAIT, more than 0 and at most 1: memtier_benchmark's
 *                 {@code --wait-ratio} of WAITs to writes; 1 follows every write
 */
public record WriteWait(int replicas, Duration timeout, double share) {

    /** WAIT after every write. */
    public WriteWait(int replicas, Duration timeout) {
        this(replicas, timeout, 1);
    }

    public WriteWait {
        if (!(share > 0 && share <= 1)) {
            throw new SettingException(SettingMessage.of(Setting.WAIT, ": at most one WAIT per write, and some: the"
                    + " share of writes followed by one must be more than 0 and at most 1, got " + share));
        }
        if (replicas < 1) {
            throw new SettingException(SettingMessage.of(Setting.WAIT, ": the replicas a write is to reach must be"
                    + " 1 or more, got " + replicas));
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new SettingException(SettingMessage.of(Setting.WAIT, ": WAIT's timeout must be more than 0, got "
                    + timeout.toMillis() + " ms"));
        }
    }

    /** {@code WAIT replicas timeout-in-ms}, as sent. */
    byte[][] command() {
        return new byte[][] {bytes("WAIT"), bytes(Integer.toString(replicas)),
                bytes(Long.toString(timeout.toMillis()))};
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
