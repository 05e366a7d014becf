package dev.metric.server;

import dev.metric.settings.NamesSettings;
import dev.metric.settings.SettingMessage;

/**
 * The server could not be reached or did not answer as a Redis-protocol server. Its message is
 * one line meant for the user: what was tried and what went wrong, with the settings that might
 * help named so that each front end words them.
 */
public class ServerUnreachableException extends RuntimeException implements NamesSettings {

    private static final long serialVersionUID = 1L;

    private final boolean refused;
    private final transient SettingMessage message;

    public ServerUnreachableException(String message, boolean refused, Throwable cause) {
        this(SettingMessage.of(message), refused, cause);
    }

    public ServerUnreachableException(SettingMessage message, boolean refused, Throwable cause) {
        super(message.toString(), cause);
        this.refused = refused;
        this.message = message;
    }

    /** Whether nothing listened at the address (connection refused), as opposed to any other failure. */
    public boolean refused() {
        return refused;
    }

    @Override
    public SettingMessage settingMessage() {
        return message;
    }
}
