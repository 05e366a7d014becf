package dev.metric.run;

import dev.metric.settings.NamesSettings;
import dev.metric.settings.SettingMessage;

/**
 * A run refused before its traffic, because going on would delete data metric did not write
 * (a flush not confirmed) or could only fail (keys that hold the other mode's data under
 * --skip-load). Nothing was written or deleted. The message says why in one line, and which
 * settings would let the run go on.
 */
public final class RunRefusedException extends RuntimeException implements NamesSettings {

    private static final long serialVersionUID = 1L;

    private final transient SettingMessage message;

    RunRefusedException(SettingMessage message) {
        super(message.toString());
        this.message = message;
    }

    @Override
    public SettingMessage settingMessage() {
        return message;
    }
}
