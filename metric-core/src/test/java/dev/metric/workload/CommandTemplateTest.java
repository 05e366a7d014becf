package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CommandTemplateTest {

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void placeholdersAreFilledWithTheKeyAndItsValueAndLiteralWordsStay() {
        CommandTemplate.Prepared hset = new CommandTemplate("  hset __key__ f1   __value__ ", 1).prepare();
        byte[] key = ascii("metric:7:xyz");
        byte[] value = ascii("=7.abc");

        byte[][] arguments = hset.arguments(new byte[][] {key}, value);

        assertEquals(4, arguments.length);
        assertArrayEquals(ascii("hset"), arguments[0]);
        assertSame(key, arguments[1]);
        assertArrayEquals(ascii("f1"), arguments[2]);
        assertSame(value, arguments[3]);
        assertEquals(1, hset.keyAt());
        assertTrue(hset.usesValue());
        assertArrayEquals(ascii("metric:8:q"), hset.arguments(new byte[][] {ascii("metric:8:q")}, value)[1],
                "each request gets its own arguments");
        assertSame(key, arguments[1], "an earlier request's arguments are left alone");
    }

    /** memtier_benchmark's command lines write the value as __data__. */
    @Test
    void memtiersDataPlaceholderIsTheKeysValue() {
        CommandTemplate.Prepared set = new CommandTemplate("SET __key__ __data__", 1).prepare();
        byte[] value = ascii("=7.abc");

        byte[][] arguments = set.arguments(new byte[][] {ascii("metric:7:xyz")}, value);

        assertSame(value, arguments[2]);
        assertTrue(set.usesValue());
    }

    @Test
    void aCommandWithoutPlaceholdersHasNoKeyAndNeedsNoValue() {
        CommandTemplate ping = new CommandTemplate("PING", 3);
        CommandTemplate.Prepared prepared = ping.prepare();

        assertEquals("PING", ping.name());
        assertFalse(ping.hasKey());
        assertEquals(0, prepared.keyAt());
        assertFalse(prepared.usesValue());
        assertEquals(1, prepared.arguments(new byte[0][], null).length);
        assertEquals("PING (weight 3)", ping.toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "'   '                      | 1 | a template needs at least a command name",
        "__key__ GET                | 1 | the command's name comes first, not __key__",
        "SET __key__ __date__       | 1 | unknown placeholder __date__, expected __key__, __value__ or __data__",
        "SET __key__ x__data__      | 1 | are filled in only as words of their own, and x__data__ would be sent",
        "GET __key__                | 0 | a weight must be at least 1, got 0",
        "SET __key__ 'v              | 1 | the quote at character 13 is never closed",
        "SET __key__ \"v\"w          | 1 | a closing quote must end its word, at character 15",
        "session:__key__ x          | 1 | the command's name comes first, not session:__key__",
        "SET __key__ v:__value__    | 1 | are filled in only as words of their own, and v:__value__ would be sent",
    })
    void badTemplatesAreRefusedWithTheirReason(String text, long weight, String reason) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new CommandTemplate(text, weight));
        assertTrue(refused.getMessage().contains(reason), refused.getMessage());
    }

    /** As memtier_benchmark: each __key__ is a key of its own, also inside a longer word. */
    @Test
    void eachKeyWordTakesItsOwnKeyWithWhatSurroundsItInTheWord() {
        CommandTemplate template = new CommandTemplate("HSET session:__key__ user user-__key__-x n __key__", 1);
        CommandTemplate.Prepared prepared = template.prepare();

        byte[][] arguments = prepared.arguments(new byte[][] {ascii("1"), ascii("22"), ascii("333")}, null);

        assertEquals(3, template.keyCount());
        assertEquals(3, prepared.keyCount());
        assertEquals(1, prepared.keyAt());
        assertArrayEquals(ascii("session:1"), arguments[1]);
        assertArrayEquals(ascii("user-22-x"), arguments[3]);
        assertArrayEquals(ascii("333"), arguments[5]);
    }

    /** memtier_benchmark's and redis-cli's quoting: blanks inside quotes, escapes, bytes by their hex. */
    @Test
    void quotedWordsKeepTheirBlanksAndEscapesBecomeBytes() {
        CommandTemplate template = new CommandTemplate("SET __key__ \"a b\\\"c\\x00\\xff\\n\" 'it\\'s' \"\" é", 1);
        byte[][] arguments = template.prepare().arguments(new byte[][] {ascii("k")}, null);

        assertEquals(6, arguments.length);
        assertArrayEquals(new byte[] {'a', ' ', 'b', '"', 'c', 0, (byte) 0xff, '\n'}, arguments[2]);
        assertArrayEquals(ascii("it's"), arguments[3]);
        assertArrayEquals(new byte[0], arguments[4]);
        assertArrayEquals("é".getBytes(StandardCharsets.UTF_8), arguments[5]);
    }
}
