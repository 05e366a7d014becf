package dev.metric.settings;

/**
 * A setting, or a combination of settings, that cannot run: thrown by configurations and the
 * parsers of their values, with a message each front end words for itself.
 */
public final class SettingException extends IllegalArgumentException implements NamesSettings {

    private static final long serialVersionUID = 1L;

    private final transient SettingMessage message;

    public SettingException(SettingMessage message) {
        this(message, null);
    }

    public SettingException(SettingMessage message, Throwable cause) {
        super(message.toString(), cause);
        this.message = message;
    }

    /** A refusal whose message is made of {@code parts} (see {@link SettingMessage#of}). */
    public static SettingException of(Object... parts) {
        return new SettingException(SettingMessage.of(parts));
    }

    @Override
    public SettingMessage settingMessage() {
        return message;
    }
}
