package dev.metric.cli.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.cli.MetricCli;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import dev.metric.settings.SettingMessage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

class SettingNamesTest {

    private static final Pattern FLAG = Pattern.compile("--[a-z][a-z-]*");

    @Test
    void everyFlagAMessageNamesIsAnOptionOfSomeCommand() {
        Set<String> options = new HashSet<>();
        PrintWriter nowhere = new PrintWriter(new StringWriter());
        collect(MetricCli.commandLine(nowhere, nowhere), options);
        for (Setting setting : Setting.values()) {
            Matcher flags = FLAG.matcher(SettingNames.of(setting));
            while (flags.find()) {
                assertTrue(options.contains(flags.group()), setting + " is named " + flags.group()
                        + ", which no command takes");
            }
        }
    }

    @Test
    void aCoreFailureIsToldInTheCommandLinesWords() {
        SettingException refused = new SettingException(SettingMessage.of(Setting.FLUSH, " and ", Setting.SKIP_LOAD,
                " contradict each other"));

        assertEquals("--flush and --skip-load contradict each other", SettingNames.message(refused));
        assertEquals("plain", SettingNames.message(new IllegalArgumentException("plain")));
    }

    private static void collect(CommandLine command, Set<String> options) {
        for (OptionSpec option : command.getCommandSpec().options()) {
            options.addAll(List.of(option.names()));
        }
        command.getSubcommands().values().forEach(sub -> collect(sub, options));
    }
}
