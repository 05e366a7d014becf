package dev.metric.cli.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A suite's arguments split as a POSIX shell (and the specification's runner, through shlex) splits them. */
class ShellWordsTest {

    @Test
    void quotesKeepBlanksAndAWordMayBeMadeOfParts() {
        assertEquals(List.of("--data-size", "100", "--command", "HSET __key__ f \"v\"", "--command-key-pattern=P",
                        "-n", "a b", "it's", "x\\y"),
                ShellWords.split(" \"--data-size\" \"100\" --command 'HSET __key__ f \"v\"'"
                        + "  --command-key-pattern=\"P\"\n -n a\\ b it\"'\"s 'x\\y'"));
    }

    @Test
    void insideDoubleQuotesOnlyQuoteBackslashDollarAndBacktickAreEscaped() {
        assertEquals(List.of("{\"a\":1}", "\\x04"), ShellWords.split("\"{\\\"a\\\":1}\" \"\\x04\""));
    }

    @Test
    void anOpenQuoteIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ShellWords.split("--command \"GET __key__"));
        assertThrows(IllegalArgumentException.class, () -> ShellWords.split("--command 'GET"));
        assertThrows(IllegalArgumentException.class, () -> ShellWords.split("GET \\"));
    }
}
