package dev.metric.run;

import dev.metric.settings.NamesSettings;
import dev.metric.settings.SettingMessage;

/**
 * Flushing found keys metric did not write and was not confirmed: nothing was deleted. The
 * message says how many keys, and which settings would let the run go on.
 */
public final class FlushRefusedException extends RuntimeException implements NamesSettings {

    private static final long serialVersionUID = 1L;

    private final transient SettingMessage message;

    FlushRefusedException(SettingMessage message) {
        super(message.toString());
        this.message = message;
    }

    @Override
    public SettingMessage settingMessage() {
        return message;
    }
}
