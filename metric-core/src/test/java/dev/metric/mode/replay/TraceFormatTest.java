package dev.metric.mode.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraceFormatTest {

    private static TraceFormat.Line monitor(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        return TraceFormat.MONITOR.parse(bytes, bytes.length);
    }

    private static TraceFormat.Line plain(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        return TraceFormat.PLAIN.parse(bytes, bytes.length);
    }

    private static TraceFormat detect(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        return TraceFormat.detect(bytes, bytes.length);
    }

    private static List<String> words(TraceFormat.Line line) {
        return Arrays.stream(line.words()).map(word -> new String(word, StandardCharsets.ISO_8859_1)).toList();
    }

    @Test
    void aMonitorLineGivesItsTimeToTheMicrosecondAndItsQuotedWords() {
        TraceFormat.Line line = monitor(
                "1732579200.000042 [0 127.0.0.1:50192] \"SET\" \"user:1\" \"a \\\"b\\\"\\r\\n\"");

        assertEquals(1_732_579_200_000_042L, line.micros());
        assertEquals(List.of("SET", "user:1", "a \"b\"\r\n"), words(line));
    }

    @Test
    void aShortFractionIsTenthsNotMillionths() {
        assertEquals(1_500_000L, monitor("1.5 [0 lua] \"GET\" \"k\"").micros());
    }

    @Test
    void monitorNamesItsOkAndBlankLinesAsNoOperationsAndRefusesOtherText() {
        assertEquals("redis-cli's OK", besides(TraceFormat.MONITOR, "OK"));
        assertEquals("blank", besides(TraceFormat.MONITOR, ""));
        assertNull(besides(TraceFormat.MONITOR, "1.0 [0 127.0.0.1:1] \"GET\" \"k\""));
        assertEquals("not a MONITOR line: it starts with neither a time in seconds nor '[db client]'",
                assertThrows(TraceLineException.class, () -> monitor("GET k")).getMessage());
        assertEquals("no command", assertThrows(TraceLineException.class,
                () -> monitor("1.0 [0 127.0.0.1:1] ")).getMessage());
    }

    @Test
    void plainLinesAreRedisCliCommandsAndCommentsAndBlankLinesNoOperations() {
        TraceFormat.Line line = plain("  set 'my key' \"v\"");

        assertEquals(TraceFormat.Line.NO_TIME, line.micros());
        assertEquals(List.of("set", "my key", "v"), words(line));
        assertEquals("comment", besides(TraceFormat.PLAIN, "   # a comment"));
        assertEquals("blank", besides(TraceFormat.PLAIN, "  "));
        assertNull(besides(TraceFormat.PLAIN, "  set 'my key' \"v\""));
    }

    private static String besides(TraceFormat format, String line) {
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        return format.notAnOperation(bytes, bytes.length);
    }

    @Test
    void theFirstCommandTellsTheFormat() {
        assertEquals(TraceFormat.MONITOR, detect("1732579200.123456 [0 10.0.0.1:6000] \"PING\""));
        assertEquals(TraceFormat.MONITOR, detect("OK"));
        assertEquals(TraceFormat.PLAIN, detect("SET k v"));
        assertEquals(TraceFormat.PLAIN, detect("1732579200 is not a time with a fraction"));
        assertEquals(TraceFormat.PLAIN, detect("1234567890123.5 [0 lua] \"PING\""), "13 digits are not a time");
        assertEquals(TraceFormat.PLAIN, detect("1.5 [x lua] \"PING\""), "a database is a number");
    }
}
