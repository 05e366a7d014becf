package dev.metric.mode.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandWordsTest {

    private static List<byte[]> split(String line, int from) {
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        return CommandWords.split(bytes, from, bytes.length);
    }

    private static List<String> words(String line) {
        return split(line, 0).stream().map(word -> new String(word, StandardCharsets.ISO_8859_1)).toList();
    }

    @Test
    void wordsAreSeparatedBySpacesAndTabs() {
        assertEquals(List.of("SET", "k", "v"), words("  SET\tk   v  "));
        assertEquals(List.of(), words("   "));
    }

    @Test
    void doubleQuotesKeepSpacesAndReadRedisCliEscapes() {
        assertEquals(List.of("SET", "a key", "say \"hi\"\n\t\\"), words("SET \"a key\" \"say \\\"hi\\\"\\n\\t\\\\\""));
        assertArrayEquals(new byte[] {(byte) 0xff, 0x00, 'A'}, split("\"\\xff\\x00\\x41\"", 0).get(0));
        assertEquals(List.of("\\xzz"), words("\"\\\\xzz\""), "an escaped backslash, then text");
        assertEquals(List.of(""), words("\"\""));
    }

    @Test
    void singleQuotesKeepEverythingButAnEscapedQuote() {
        assertEquals(List.of("it's", "a\\nb"), words("'it\\'s' 'a\\nb'"));
    }

    @Test
    void aQuoteLeftOpenOrRunningIntoTheNextWordIsRefused() {
        assertEquals("a double quote is not closed",
                assertThrows(TraceLineException.class, () -> words("SET \"k v")).getMessage());
        assertEquals("a single quote is not closed",
                assertThrows(TraceLineException.class, () -> words("SET 'k")).getMessage());
        assertEquals("a closing quote must be followed by a space",
                assertThrows(TraceLineException.class, () -> words("SET \"k\"v")).getMessage());
    }

    @Test
    void wordsStartWhereTheCallerSays() {
        assertEquals(List.of("b", "c"), split("a b c", 1).stream()
                .map(word -> new String(word, StandardCharsets.ISO_8859_1)).toList());
    }
}
