package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class StructuresTest {

    private static final int FIRST_ELEMENT = Structures.WRITE_KEY_AT + 2;

    private static Structures of(ValueType type, int elements) {
        return new Structures(new DataSet(DataSpec.standard(100, 5).withType(type, elements)));
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** What HGETALL or LRANGE returns for what the write command wrote: its elements after the TTL, in order. */
    private static List<byte[]> asRead(Structures structures, int index, long version) {
        byte[][] write = structures.writeCommand(index, version, 0);
        return new ArrayList<>(Arrays.asList(write).subList(FIRST_ELEMENT, write.length));
    }

    /** What ZRANGE WITHSCORES returns: member then score, where ZADD took score then member. */
    private static List<byte[]> zsetAsRead(Structures structures, int index, long version) {
        List<byte[]> written = asRead(structures, index, version);
        List<byte[]> read = new ArrayList<>();
        for (int i = 0; i < written.size(); i += 2) {
            read.add(written.get(i + 1));
            read.add(written.get(i));
        }
        return read;
    }

    @Test
    void whatIsWrittenReadsBackIntactInTheOrderEachTypeReturnsIt() {
        Structures hashes = of(ValueType.HASH, 7);
        Structures lists = of(ValueType.LIST, 7);
        Structures zsets = of(ValueType.ZSET, 7);
        for (int index : new int[] {0, 42, 99}) {
            List<byte[]> hash = asRead(hashes, index, 0);
            List<List<byte[]>> pairs = new ArrayList<>();
            for (int i = 0; i < hash.size(); i += 2) {
                pairs.add(List.of(hash.get(i), hash.get(i + 1)));
            }
            Collections.reverse(pairs);
            List<byte[]> anyOrder = new ArrayList<>();
            pairs.forEach(anyOrder::addAll);

            assertEquals(Verdict.MATCH, hashes.check(index, anyOrder, 0).verdict(),
                    "a hash's fields come in any order");
            assertEquals(Verdict.MATCH, lists.check(index, asRead(lists, index, 0), 0).verdict());
            assertEquals(Verdict.MATCH, zsets.check(index, zsetAsRead(zsets, index, 0), 0).verdict());
        }
    }

    @Test
    void theWriteReplacesTheKeyWithItsTtlAndEveryElement() {
        DataSet dataSet = new DataSet(DataSpec.standard(100, 5).withType(ValueType.HASH, 3));
        byte[][] write = new Structures(dataSet).writeCommand(12, 4, 30);

        assertEquals("EVAL", new String(write[0], StandardCharsets.US_ASCII));
        String script = new String(write[1], StandardCharsets.US_ASCII);
        assertEquals(0, script.indexOf("redis.call('DEL', KEYS[1])"), "the key is deleted first: " + script);
        assertNotEquals(-1, script.indexOf("redis.call('HSET', KEYS[1], unpack(ARGV, 2))"), script);
        assertEquals("1", new String(write[2], StandardCharsets.US_ASCII), "one key");
        assertArrayEquals(dataSet.key(12), write[Structures.WRITE_KEY_AT]);
        assertEquals("30", new String(write[Structures.WRITE_KEY_AT + 1], StandardCharsets.US_ASCII));
        assertEquals(FIRST_ELEMENT + 6, write.length, "three fields and their values");
        assertArrayEquals(ascii("f2"), write[FIRST_ELEMENT + 4]);
    }

    @Test
    void elementsNameTheirKeyAndVersionAndDifferFromEachOther() {
        Structures lists = of(ValueType.LIST, 3);
        byte[] element = lists.element(42, 7, 1);

        assertEquals("=16.7.", new String(element, 0, 6, StandardCharsets.US_ASCII), "42 and 7 in base 36");
        assertNotEquals(new String(lists.element(42, 7, 2), StandardCharsets.US_ASCII),
                new String(element, StandardCharsets.US_ASCII));
        assertArrayEquals(element, lists.element(42, 7, 1), "the same element every time");
    }

    @Test
    void everyKindOfDamageIsCaughtAndPlaced() {
        Structures hashes = of(ValueType.HASH, 5);
        Structures lists = of(ValueType.LIST, 5);
        Structures zsets = of(ValueType.ZSET, 5);
        int index = 17;

        List<byte[]> changed = asRead(lists, index, 0);
        byte[] element = changed.get(2).clone();
        element[element.length - 1] ^= 1;
        changed.set(2, element);
        StructureCheck flipped = lists.check(index, changed, 0);
        assertEquals(Verdict.WRONG_BYTES, flipped.verdict(), "an element changed");
        assertEquals("element 2", flipped.where());
        assertEquals(element.length - 1, flipped.firstDifference());

        List<byte[]> removed = asRead(lists, index, 0);
        removed.remove(4);
        StructureCheck shorter = lists.check(index, removed, 0);
        assertEquals(Verdict.WRONG_LENGTH, shorter.verdict(), "an element removed");
        assertEquals("4 elements where 5 were written", shorter.where());

        List<byte[]> added = asRead(hashes, index, 0);
        added.add(ascii("f99"));
        added.add(hashes.element(index, 0, 4));
        assertEquals(Verdict.WRONG_LENGTH, hashes.check(index, added, 0).verdict(), "a field added");

        List<byte[]> renamed = asRead(hashes, index, 0);
        renamed.set(0, ascii("g0"));
        assertEquals("field 'g0' never written or read twice", hashes.check(index, renamed, 0).where());

        List<byte[]> foreign = asRead(lists, index, 0);
        foreign.set(1, lists.element(index + 1, 0, 1));
        assertEquals(Verdict.OTHER_KEY, lists.check(index, foreign, 0).verdict(), "another key's element");

        List<byte[]> swapped = asRead(lists, index, 0);
        Collections.swap(swapped, 0, 1);
        StructureCheck reordered = lists.check(index, swapped, 0);
        assertNotEquals(Verdict.MATCH, reordered.verdict(), "two elements swapped");
        assertEquals("element 0", reordered.where());

        List<byte[]> rescored = zsetAsRead(zsets, index, 0);
        rescored.set(3, ascii("9"));
        StructureCheck score = zsets.check(index, rescored, 0);
        assertEquals(Verdict.WRONG_BYTES, score.verdict(), "a member's score changed");
        assertEquals("member 1 has score 9, not 1", score.where());

        assertEquals(Verdict.MISSING, hashes.check(index, List.of(), 0).verdict(), "HGETALL of a missing key is empty");
    }

    @Test
    void twoWritesMixedInOneStructureAreCaught() {
        Structures lists = of(ValueType.LIST, 4);
        List<byte[]> mixed = asRead(lists, 9, 3);
        mixed.set(2, lists.element(9, 4, 2));

        StructureCheck check = lists.check(9, mixed, Structures.ANY_VERSION);

        assertNotEquals(Verdict.MATCH, check.verdict());
        assertEquals("element 2", check.where());
    }

    @Test
    void bytesMetricNeverWroteAreWrongBytesWhenTheVersionIsKnownAndNotAValueOfOursWhenItIsNot() {
        Structures lists = of(ValueType.LIST, 3);
        List<byte[]> read = asRead(lists, 8, 0);
        byte[] foreign = new byte[read.get(0).length];
        Arrays.fill(foreign, (byte) 'x');
        read.set(0, foreign);

        StructureCheck known = lists.check(8, read, 0);
        assertEquals(Verdict.WRONG_BYTES, known.verdict(), "mode1 knows what it wrote: the same length, other bytes");
        assertEquals(0, known.firstDifference());
        assertEquals(Verdict.MALFORMED, lists.check(8, read, Structures.ANY_VERSION).verdict(),
                "mode2 cannot tell which version it should have been");
    }

    @Test
    void anyVersionIsAcceptedWhenIntactAndNamedUnlessOneIsExpected() {
        Structures zsets = of(ValueType.ZSET, 4);
        List<byte[]> seventh = zsetAsRead(zsets, 30, 7);

        StructureCheck any = zsets.check(30, seventh, Structures.ANY_VERSION);
        assertEquals(Verdict.MATCH, any.verdict());
        assertEquals(7, any.version());
        assertNull(any.where());
        assertNotEquals(Verdict.MATCH, zsets.check(30, seventh, 0).verdict(), "mode1 wrote version 0");
    }

    @Test
    void aDataSetOfStringsHasNoStructures() {
        assertThrows(IllegalArgumentException.class, () -> new Structures(DataSet.standard(1, 10)));
    }
}
