package dev.metric.client;

import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;

/**
 * The version of the Redis protocol every connection of a run speaks: RESP2, which every server
 * and client knows, or RESP3 (Redis 6 and later, negotiated with HELLO), whose typed replies
 * some applications choose. Both libraries speak either, so a run can measure the one the
 * application uses.
 */
public enum RespVersion {
    RESP2(2), RESP3(3);

    private final int number;

    RespVersion(int number) {
        this.number = number;
    }

    /** 2 or 3, as {@code HELLO} and {@code --resp} take it. */
    public int number() {
        return number;
    }

    /**
     * The version numbered {@code number}.
     *
     * @throws IllegalArgumentException for any number but 2 and 3
     */
    public static RespVersion of(int number) {
        for (RespVersion version : values()) {
            if (version.number == number) {
                return version;
            }
        }
        throw SettingException.of(Setting.RESP, " must be 2 or 3, got " + number);
    }
}
