package dev.metric.ycsb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Traces of YCSB's core workloads: YCSB's line format, its mixes and distributions, the same for a seed. */
class YcsbTraceTest {

    private static final Pattern VALUE = Pattern.compile("field(\\d)=([ -?]{100}) ");

    private static byte[] bytes(YcsbWorkload workload, long records, long operations, long seed, boolean load)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new YcsbTrace(workload, records, operations, seed, load).write(out);
        return out.toByteArray();
    }

    /** The trace's lines after its first, the comment that names it. */
    private static List<String> lines(YcsbWorkload workload, long records, long operations) throws IOException {
        List<String> lines = new String(bytes(workload, records, operations, 7, false), StandardCharsets.US_ASCII)
                .lines().toList();
        assertTrue(lines.get(0).startsWith("# metric trace --workload " + workload.option() + " --records " + records
                + " --operations " + operations + " --seed 7: YCSB workload " + workload.name()), lines.get(0));
        return lines.subList(1, lines.size());
    }

    private static Map<String, Integer> operations(List<String> lines) {
        Map<String, Integer> counts = new HashMap<>();
        lines.forEach(line -> counts.merge(line.substring(0, line.indexOf(' ')), 1, Integer::sum));
        return counts;
    }

    private static String key(String line) {
        return line.split(" ")[2];
    }

    private static String record(long number) {
        return "user" + YcsbTrace.keyNumber(number);
    }

    @Test
    void theSameSeedWritesTheSameTraceAndAnotherAnother() throws IOException {
        assertArrayEquals(bytes(YcsbWorkload.A, 1000, 5000, 3, true), bytes(YcsbWorkload.A, 1000, 5000, 3, true));
        assertFalse(new String(bytes(YcsbWorkload.A, 1000, 5000, 3, false), StandardCharsets.US_ASCII).lines()
                .skip(1).toList().equals(new String(bytes(YcsbWorkload.A, 1000, 5000, 4, false),
                        StandardCharsets.US_ASCII).lines().skip(1).toList()));
    }

    @Test
    void readsReadAllFieldsAndUpdatesWriteOneOfAHundredCharactersFromSpaceToQuestionMark() throws IOException {
        List<String> lines = lines(YcsbWorkload.A, 1000, 20_000);

        Map<String, Integer> counts = operations(lines);
        assertEquals(Set.of("READ", "UPDATE"), counts.keySet());
        // 20,000 draws of 0.5: 10,000 +- 4 standard deviations (about 283)
        assertTrue(Math.abs(counts.get("READ") - 10_000) < 283, counts.toString());
        for (String line : lines) {
            if (line.startsWith("READ")) {
                assertTrue(line.matches("READ usertable user\\d+ \\[ <all fields>]"), line);
            } else {
                assertTrue(line.matches("UPDATE usertable user\\d+ \\[ field\\d=[ -?]{100} ]"), line);
            }
        }
    }

    @Test
    void zipfianRequestsFavourTheFirstRecordsAndNeverNameOneThatWasNotLoaded() throws IOException {
        Set<String> loaded = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            loaded.add(record(i));
        }
        Map<String, Integer> perKey = new HashMap<>();
        for (String line : lines(YcsbWorkload.C, 1000, 20_000)) {
            assertTrue(loaded.contains(key(line)), line);
            perKey.merge(key(line), 1, Integer::sum);
        }

        int hottest = perKey.get(record(0));
        assertEquals(perKey.values().stream().mapToInt(n -> n).max().orElseThrow(), hottest);
        // zipfian 0.99 over 1,000 records gives record 0 about 13% of requests; uniform would give 0.1%
        assertTrue(hottest > 20_000 / 20, "record 0 read " + hottest + " times");
    }

    @Test
    void insertsTakeTheNextRecordsAndLatestReadsFavourTheNewest() throws IOException {
        List<String> lines = lines(YcsbWorkload.D, 1000, 20_000);
        List<String> inserts = lines.stream().filter(line -> line.startsWith("INSERT")).toList();

        for (int i = 0; i < inserts.size(); i++) {
            assertEquals(record(1000 + i), key(inserts.get(i)));
            Matcher fields = VALUE.matcher(inserts.get(i));
            for (int field = 0; field < YcsbWorkload.FIELD_COUNT; field++) {
                assertTrue(fields.find(), inserts.get(i));
                assertEquals(Integer.toString(field), fields.group(1));
            }
        }
        Set<String> inserted = new HashSet<>(inserts.stream().map(YcsbTraceTest::key).toList());
        long readsOfInserted = lines.stream().filter(line -> line.startsWith("READ"))
                .filter(line -> inserted.contains(key(line))).count();
        // a fifth of the reads come after 200 of the 1,000 inserts and most go to the newest records
        assertTrue(readsOfInserted > 19_000 / 4, readsOfInserted + " reads of records the trace inserted");
    }

    @Test
    void scansStartAtAnExistingRecordAndReadOneToAHundred() throws IOException {
        List<String> lines = lines(YcsbWorkload.E, 1000, 20_000);
        Set<Integer> lengths = new HashSet<>();
        long inserted = 1000;
        Set<String> existing = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            existing.add(record(i));
        }
        for (String line : lines) {
            if (line.startsWith("INSERT")) {
                assertEquals(record(inserted++), key(line));
                existing.add(key(line));
            } else {
                assertTrue(line.matches("SCAN usertable user\\d+ \\d+ \\[ <all fields>]"), line);
                assertTrue(existing.contains(key(line)), line);
                lengths.add(Integer.parseInt(line.split(" ")[3]));
            }
        }
        assertEquals(1, lengths.stream().mapToInt(n -> n).min().orElseThrow());
        assertEquals(100, lengths.stream().mapToInt(n -> n).max().orElseThrow());
    }

    @Test
    void aReadModifyWriteIsAReadThenAnUpdateOfTheSameRecord() throws IOException {
        List<String> lines = lines(YcsbWorkload.F, 1000, 10_000);

        int updates = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("UPDATE")) {
                updates++;
                assertTrue(lines.get(i - 1).startsWith("READ"), lines.get(i - 1));
                assertEquals(key(lines.get(i - 1)), key(lines.get(i)));
            }
        }
        assertEquals(10_000 + updates, lines.size(), "each operation a line, a read-modify-write two");
        assertTrue(Math.abs(updates - 5_000) < 200, updates + " read-modify-writes of 10,000");
    }

    @Test
    void loadInsertsEveryRecordFirstInOrder() throws IOException {
        List<String> lines = new String(bytes(YcsbWorkload.B, 50, 10, 1, true), StandardCharsets.US_ASCII).lines()
                .skip(1).toList();

        assertEquals(60, lines.size());
        for (int i = 0; i < 50; i++) {
            assertTrue(lines.get(i).startsWith("INSERT usertable " + record(i) + " [ field0="), lines.get(i));
        }
    }

    @Test
    void aTraceNeedsARecordAndAnOperation() {
        assertEquals("a trace needs at least 1 record and 1 operation, got 0 and 5",
                assertThrows(IllegalArgumentException.class,
                        () -> new YcsbTrace(YcsbWorkload.B, 0, 5, 1, false)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new YcsbTrace(YcsbWorkload.B, 5, 0, 1, false));
        assertThrows(IllegalArgumentException.class, () -> new YcsbTrace(YcsbWorkload.D, Integer.MAX_VALUE, 100, 1,
                false), "the records and the inserts must fit the chooser");
        assertEquals(YcsbWorkload.E, YcsbWorkload.named("YCSB-E"));
        assertEquals("expected ycsb-a, ycsb-b, ycsb-c, ycsb-d, ycsb-e or ycsb-f, got 'ycsb-g'",
                assertThrows(IllegalArgumentException.class, () -> YcsbWorkload.named("ycsb-g")).getMessage());
    }
}
