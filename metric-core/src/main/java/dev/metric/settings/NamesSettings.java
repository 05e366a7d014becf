package dev.metric.settings;

/**
 * An exception whose message names settings: a front end renders {@link #settingMessage()} in
 * its own words instead of taking {@link Throwable#getMessage()}, which uses the labels.
 */
public interface NamesSettings {

    SettingMessage settingMessage();
}
