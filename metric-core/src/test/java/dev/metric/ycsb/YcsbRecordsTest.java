package dev.metric.ycsb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.workload.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** mode2's YCSB records: named as traces name them, written as YCSB's Redis binding writes them, read back judged. */
class YcsbRecordsTest {

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** An HGETALL's reply to the record an insert of {@code key} wrote: its field names and values in turn. */
    private static List<byte[]> written(byte[] key, long version) {
        byte[][] words = YcsbRecords.write(key, -1, version);
        return new ArrayList<>(Arrays.asList(words).subList(2, words.length));
    }

    @Test
    void recordsAreNamedAsTheTracesOfTheSameRecordsNameThem() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new YcsbTrace(YcsbWorkload.C, 3, 1, 1, true).write(out);
        List<String> inserts = new String(out.toByteArray(), StandardCharsets.US_ASCII).lines()
                .filter(line -> line.startsWith("INSERT")).toList();

        for (int record = 0; record < 3; record++) {
            String key = new String(YcsbRecords.key(record), StandardCharsets.US_ASCII);
            assertTrue(inserts.get(record).startsWith("INSERT usertable " + key + " ["), inserts.get(record));
        }
    }

    @Test
    void anInsertWritesEveryFieldAndAnUpdateOneOfTheirLength() {
        byte[] key = YcsbRecords.key(7);
        byte[][] insert = YcsbRecords.write(key, -1, 3);
        byte[][] update = YcsbRecords.write(key, 4, 9);

        assertEquals(2 + 2 * YcsbWorkload.FIELD_COUNT, insert.length);
        assertArrayEquals(ascii("HMSET"), insert[0]);
        assertArrayEquals(key, insert[1]);
        for (int field = 0; field < YcsbWorkload.FIELD_COUNT; field++) {
            assertArrayEquals(ascii("field" + field), insert[2 + 2 * field]);
            assertEquals(YcsbWorkload.FIELD_LENGTH, insert[3 + 2 * field].length);
        }
        assertEquals(4, update.length);
        assertArrayEquals(ascii("field4"), update[2]);
        assertEquals(YcsbWorkload.FIELD_LENGTH, update[3].length);
    }

    @Test
    void aRecordReadBackWholeIsIntactWhateverVersionsItsFieldsHold() {
        byte[] key = YcsbRecords.key(7);
        List<byte[]> reply = written(key, 3);
        reply.set(9, YcsbRecords.write(key, 4, 12)[3]);

        assertTrue(YcsbRecords.check(key, reply).intact());
    }

    @Test
    void aChangedByteIsFoundAndNamesItsField() {
        byte[] key = YcsbRecords.key(7);
        List<byte[]> reply = written(key, 3);
        byte[] changed = reply.get(7).clone();
        changed[60] ^= 1;
        reply.set(7, changed);

        YcsbRecords.Judged judged = YcsbRecords.check(key, reply);

        assertEquals(Verdict.WRONG_BYTES, judged.verdict());
        assertEquals("field field3", judged.where());
        assertArrayEquals(changed, judged.value());
    }

    @Test
    void aFieldOfAnotherRecordIsAnotherKeysValue() {
        byte[] key = YcsbRecords.key(7);
        List<byte[]> reply = written(key, 3);
        reply.set(1, written(YcsbRecords.key(8), 3).get(1));

        assertEquals(Verdict.OTHER_KEY, YcsbRecords.check(key, reply).verdict());
    }

    @Test
    void aFieldNotReturnedIsMissingAndAMissingRecordToo() {
        byte[] key = YcsbRecords.key(7);
        List<byte[]> reply = written(key, 3);
        reply.subList(4, 6).clear();

        YcsbRecords.Judged judged = YcsbRecords.check(key, reply);
        assertEquals(Verdict.MISSING, judged.verdict());
        assertEquals("field field2", judged.where());
        assertEquals(Verdict.MISSING, YcsbRecords.check(key, List.of()).verdict());
        assertEquals("the record", YcsbRecords.check(key, List.of()).where());
    }

    @Test
    void aFieldTheRecordsDoNotHaveIsMalformed() {
        byte[] key = YcsbRecords.key(7);
        List<byte[]> reply = written(key, 3);
        reply.add(ascii("field10"));
        reply.add(ascii("x"));

        YcsbRecords.Judged judged = YcsbRecords.check(key, reply);
        assertEquals(Verdict.MALFORMED, judged.verdict());
        assertEquals("field field10", judged.where());
    }

    @Test
    void anIntactRecordNamesNoField() {
        byte[] key = YcsbRecords.key(1);
        YcsbRecords.Judged judged = YcsbRecords.check(key, written(key, 0));

        assertTrue(judged.intact());
        assertNull(judged.field());
    }
}
