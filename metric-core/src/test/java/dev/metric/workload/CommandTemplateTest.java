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

        byte[][] arguments = hset.arguments(key, value);

        assertEquals(4, arguments.length);
        assertArrayEquals(ascii("hset"), arguments[0]);
        assertSame(key, arguments[1]);
        assertArrayEquals(ascii("f1"), arguments[2]);
        assertSame(value, arguments[3]);
        assertEquals(1, hset.keyAt());
        assertTrue(hset.usesValue());
        assertArrayEquals(ascii("metric:8:q"), hset.arguments(ascii("metric:8:q"), value)[1],
                "each request gets its own arguments");
        assertSame(key, arguments[1], "an earlier request's arguments are left alone");
    }

    /** memtier_benchmark's command lines write the value as __data__. */
    @Test
    void memtiersDataPlaceholderIsTheKeysValue() {
        CommandTemplate.Prepared set = new CommandTemplate("SET __key__ __data__", 1).prepare();
        byte[] value = ascii("=7.abc");

        byte[][] arguments = set.arguments(ascii("metric:7:xyz"), value);

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
        assertEquals(1, prepared.arguments(ascii("k"), null).length);
        assertEquals("PING (weight 3)", ping.toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "'   '                      | 1 | a template needs at least a command name",
        "__key__ GET                | 1 | the command's name comes first, not __key__",
        "SET __key__ __date__       | 1 | unknown placeholder __date__, expected __key__, __value__ or __data__",
        "SET __key__ x__data__      | 1 | are filled in only as words of their own, and x__data__ would be sent",
        "GET __key__                | 0 | a weight must be at least 1, got 0",
        "GET foo__key__             | 1 | and foo__key__ would be sent as written",
        "SET __key__ v:__value__    | 1 | are filled in only as words of their own, and v:__value__ would be sent",
    })
    void badTemplatesAreRefusedWithTheirReason(String text, long weight, String reason) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new CommandTemplate(text, weight));
        assertTrue(refused.getMessage().contains(reason), refused.getMessage());
    }
}
