package dev.metric.mode.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.metric.client.Protocol;
import dev.metric.workload.TraceValues;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** YCSB's operation lines, as its basic binding prints them, made the commands its Redis binding sends. */
class YcsbLineTest {

    private static TraceFormat.Line parse(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        return TraceFormat.YCSB.parse(bytes, bytes.length);
    }

    private static List<String> words(byte[][] words) {
        return Arrays.stream(words).map(word -> word == null ? null : new String(word, StandardCharsets.ISO_8859_1))
                .toList();
    }

    /** Each command of the line: its kind and its words. */
    private static List<String> commands(TraceFormat.Line line) {
        List<String> commands = new ArrayList<>();
        for (TraceFormat.Line command = line; command != null; command = command.then()) {
            commands.add(command.kind() + " " + String.join("|", words(command.words())));
        }
        return commands;
    }

    private static long id(String key) {
        return TraceValues.keyId(key.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static String message(String line) {
        return assertThrows(TraceLineException.class, () -> parse(line)).getMessage();
    }

    @Test
    void aReadOfAllFieldsIsAnHgetallAndOfSomeAnHmget() {
        assertEquals(List.of("HASH_READ HGETALL|user6284781860667377211"),
                commands(parse("READ usertable user6284781860667377211 [ <all fields>]")));
        assertEquals(List.of("HASH_READ HMGET|user1|field0|field3"),
                commands(parse("READ usertable user1 [ field0 field3 ]")));
    }

    @Test
    void aWrittenValueRunsToTheNextFieldNameSoItsSpacesAndEqualsSignsAreKept() {
        TraceFormat.Line update = parse("UPDATE usertable user1 [ field4=1 =?2 field7=>  : ]");

        assertEquals(List.of("HASH_WRITE HMSET|user1|field4|1 =?2|field7|>  :"), commands(update));
    }

    @Test
    void anInsertIsAnHmsetThenItsKeyAddedToTheIndexByItsJavaHashCodeOnTheKeysLane() {
        TraceFormat.Line insert = parse("INSERT usertable user1 [ field0=!!!! field1=#### ]");

        assertEquals(List.of("HASH_INSERT HMSET|user1|field0|!!!!|field1|####",
                "CHANGES_KEY ZADD|_indices|111578566|user1"), commands(insert));
        assertEquals(id("user1"), insert.routeId());
        assertEquals(id("user1"), insert.then().routeId(), "the index's command goes with its record's");
    }

    @Test
    void aDeleteIsADelThenAZremOfTheIndex() {
        TraceFormat.Line delete = parse("DELETE usertable user1");

        assertEquals(List.of("HASH_DELETE DEL|user1", "CHANGES_KEY ZREM|_indices|user1"), commands(delete));
        assertEquals(id("user1"), delete.then().routeId());
    }

    @Test
    void aScanIsARangeOfTheIndexFromItsStartKeysScoreWithTheReadOfEachKeyItLists() {
        TraceFormat.Line scan = parse("SCAN usertable user6284781860667377211 50 [ <all fields>]");
        TraceFormat.Line some = parse("SCAN usertable user1 7 [ field2 ]");

        assertEquals(List.of("INDEX_SCAN ZRANGEBYSCORE|_indices|-594971599|+inf|LIMIT|0|50"), commands(scan));
        assertEquals("user6284781860667377211", new String(scan.scan().from(), StandardCharsets.ISO_8859_1));
        assertEquals(id("user6284781860667377211"), scan.routeId());
        assertEquals(Arrays.asList("HGETALL", null), words(scan.scan().perKey()));
        assertEquals(Arrays.asList("HMGET", null, "field2"), words(some.scan().perKey()));
    }

    @Test
    void toMemcachedARecordIsOneValueUnderTableDashKeyAsYcsbsMemcachedBindingStoresIt() {
        byte[] update = "UPDATE usertable user1 [ field4=1 =?2 field7=>  : ]".getBytes(StandardCharsets.ISO_8859_1);
        TraceFormat.Line written = TraceFormat.YCSB.parse(update, update.length, Protocol.MEMCACHED);
        byte[] insert = "INSERT usertable user1 [ field0=!!!! ]".getBytes(StandardCharsets.ISO_8859_1);
        TraceFormat.Line added = TraceFormat.YCSB.parse(insert, insert.length, Protocol.MEMCACHED);

        assertEquals(List.of("READ GET|usertable-user1"), commands(memcached("READ usertable user1 [ field0 ]")));
        assertEquals(List.of("DELETE DELETE|usertable-user1"), commands(memcached("DELETE usertable user1")));
        assertEquals(List.of("SKIPPED SCAN|usertable-user1"),
                commands(memcached("SCAN usertable user1 5 [ <all fields>]")));
        assertEquals(TraceCommand.WRITE, written.kind());
        assertEquals("REPLACE", new String(written.words()[0], StandardCharsets.ISO_8859_1));
        // {"field4":"1 =?2","field7":">  :"}
        assertEquals(34, written.words()[2].length, "as long as the JSON of the fields it writes");
        assertNull(written.then(), "memcached keeps no index");
        assertEquals("ADD", new String(added.words()[0], StandardCharsets.ISO_8859_1));
        assertEquals("{\"field0\":\"!!!!\"}".length(), added.words()[2].length);
    }

    private static TraceFormat.Line memcached(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        return TraceFormat.YCSB.parse(bytes, bytes.length, Protocol.MEMCACHED);
    }

    @Test
    void whatYcsbPrintsBesideItsOperationsIsNamedForWhatItIs() {
        assertEquals("summary", besides("[OVERALL], RunTime(ms), 1234"));
        assertEquals("summary", besides("[READ], 99thPercentileLatency(us), 21"));
        assertEquals("YCSB's banner", besides("YCSB Client 0.17.0"));
        assertEquals("YCSB's banner", besides("Command line: -db site.ycsb.BasicDB -P workloads/workloadb -t"));
        assertEquals("YCSB's banner", besides("Loading workload..."));
        assertEquals("YCSB's banner", besides("Starting test."));
        assertEquals("YCSB's banner", besides("DBWrapper: report latency for each error is false and specific"));
        assertEquals("properties header", besides("***************** properties *****************"));
        assertEquals("properties header", besides("\"basicdb.verbose\"=\"true\""));
        assertEquals("properties header", besides("\"fieldlength\"=\"100\"  "));
        assertEquals("blank", besides("   "));
        assertNull(besides("READ usertable user1 [ <all fields>]"));
        assertNull(besides("\"unclosed=\"property"), "not a property: it does not end with a quote");
    }

    private static String besides(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        return TraceFormat.YCSB.notAnOperation(bytes, bytes.length);
    }

    @Test
    void aLineThatIsNoOperationOrIsCutShortIsBadWithWhy() {
        assertEquals("not a YCSB operation: READ, UPDATE, INSERT, DELETE or SCAN",
                message("FROB usertable user1 [ <all fields>]"));
        assertEquals("it ends before a key", message("READ usertable"));
        assertEquals("its fields must be within '[ ' and ']'", message("READ usertable user1 field0"));
        assertEquals("a write names no field", message("UPDATE usertable user1 [ ]"));
        assertEquals("a written field must be a name, '=' and its value", message("UPDATE usertable user1 [ =1 ]"));
        assertEquals("a read names no field, nor <all fields>", message("READ usertable user1 [ ]"));
        assertEquals("a scan's record count must be a number, got 'x'",
                message("SCAN usertable user1 x [ <all fields>]"));
        assertEquals("more than the operation holds at its end", message("DELETE usertable user1 now"));
    }

    @Test
    void aTraceWhoseFirstCommandIsAYcsbOperationIsYcsbs() {
        byte[] ycsb = "READ usertable user1 [ <all fields>]".getBytes(StandardCharsets.ISO_8859_1);
        byte[] redisScan = "SCAN 0 MATCH user*".getBytes(StandardCharsets.ISO_8859_1);

        assertEquals(TraceFormat.YCSB, TraceFormat.detect(ycsb, ycsb.length));
        assertEquals(TraceFormat.PLAIN, TraceFormat.detect(redisScan, redisScan.length));
    }
}
