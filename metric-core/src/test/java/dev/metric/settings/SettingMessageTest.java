package dev.metric.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class SettingMessageTest {

    @Test
    void eachFrontEndNamesTheSettingsInItsOwnWords() {
        SettingMessage message = SettingMessage.of(Setting.KEYS_PER_READ, " ", 7, " with ", Setting.VALUE_TYPE,
                " hash");

        assertEquals("keysPerRead 7 with type hash", message.toString());
        assertEquals("<KEYS_PER_READ> 7 with <VALUE_TYPE> hash", message.render(setting -> "<" + setting.name() + ">"));
    }

    @Test
    void aMissingPartReadsAsNullRatherThanFailingTheMessage() {
        assertEquals("the server answered null", SettingMessage.of("the server answered ", null).toString());
    }

    @Test
    void anExceptionCarriesItsMessageInPartsAndShowsTheLabels() {
        IllegalStateException cause = new IllegalStateException("inner");
        SettingException refused = new SettingException(SettingMessage.of(Setting.REPEAT, " must be 1..100"), cause);

        assertEquals("repeats must be 1..100", refused.getMessage());
        assertEquals("-r must be 1..100", refused.settingMessage().render(setting -> "-r"));
        assertSame(cause, refused.getCause());
    }
}
