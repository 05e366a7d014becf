package dev.metric.cli.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class TerminalWidthTest {

    @Test
    void readsTheColumnsOfSttySize() {
        assertEquals(OptionalInt.of(132), TerminalWidth.parseSize("24 132\n"));
        assertEquals(OptionalInt.empty(), TerminalWidth.parseSize("0 0\n"), "no size known, as in a pipe");
        assertEquals(OptionalInt.empty(), TerminalWidth.parseSize("stty: 'standard input': Inappropriate ioctl"));
        assertEquals(OptionalInt.empty(), TerminalWidth.parseSize(""));
    }

    @Test
    void takesOnlyAPositiveColumnsValue() {
        assertEquals(OptionalInt.of(90), TerminalWidth.parseColumns(" 90 "));
        assertEquals(OptionalInt.empty(), TerminalWidth.parseColumns("-3"));
        assertEquals(OptionalInt.empty(), TerminalWidth.parseColumns("wide"));
        assertEquals(OptionalInt.empty(), TerminalWidth.parseColumns(null));
    }
}
