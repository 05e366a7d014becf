package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.mode.cache.Mode2Csv;
import dev.metric.mode.verify.Mode1Csv;
import dev.metric.record.Percentiles;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvTableTest {

    @TempDir
    Path directory;

    private final CsvTable table = new CsvTable(List.of("name", "note", "value"));

    @Test
    void writesTheHeaderOnceAndAppendsEveryRunBelowIt() throws Exception {
        Path file = directory.resolve("runs.csv");
        table.append(file, List.of(List.of("a", "plain", "1")));
        table.append(file, List.of(List.of("b", "with, comma", "2"), List.of("c", "say \"hi\"", "")));

        assertEquals(List.of("name,note,value", "a,plain,1", "b,\"with, comma\",2", "c,\"say \"\"hi\"\"\","),
                Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    @Test
    void refusesAFileUnderAnotherHeaderAndLeavesItAlone() throws Exception {
        Path file = directory.resolve("other.csv");
        Files.writeString(file, "x,y\n1,2\n");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> table.append(file, List.of(List.of("a", "b", "c"))));

        assertTrue(refused.getMessage().contains("another header"), refused.getMessage());
        assertEquals("x,y\n1,2\n", Files.readString(file));
        assertThrows(IllegalArgumentException.class, () -> table.checkAppendable(directory));
        assertThrows(IllegalArgumentException.class, () -> table.checkAppendable(directory.resolve("no/such/dir.csv")));
    }

    @Test
    void aRowMustFillEveryColumn() {
        assertThrows(IllegalStateException.class,
                () -> table.append(directory.resolve("short.csv"), List.of(List.of("a", "b"))));
    }

    /** The headers are a format users keep files in: a change to them must be deliberate. */
    @Test
    void theModesHeadersAreTheCommittedOnes() throws Exception {
        assertEquals(golden("mode1-header.csv"), CsvTable.line(Mode1Csv.table(Percentiles.DEFAULT).header()));
        assertEquals(golden("mode2-header.csv"), CsvTable.line(Mode2Csv.table(Percentiles.DEFAULT).header()));
    }

    private static String golden(String name) throws URISyntaxException, IOException {
        return Files.readString(Path.of(CsvTableTest.class.getResource("/csv/" + name).toURI())).strip();
    }
}
