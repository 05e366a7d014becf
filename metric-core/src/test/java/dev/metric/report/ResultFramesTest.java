package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ResultFramesTest {

    private static final byte[] JSON = "{\"runId\":\"gen-3\",\"passed\":true}\n".getBytes(StandardCharsets.UTF_8);

    /** 40 KB that gzip cannot shrink, so that the block runs over several data lines. */
    private static byte[] incompressible() {
        byte[] bytes = new byte[40_000];
        new Random(7).nextBytes(bytes);
        return bytes;
    }

    private static List<String> framed(String name, byte[] content) {
        StringWriter text = new StringWriter();
        ResultFrames.print(new PrintWriter(text), name, content);
        return new ArrayList<>(List.of(text.toString().split("\n")));
    }

    @Test
    void filesComeBackByteForByteThroughLinesWrittenBetweenTheirs() {
        byte[] hlog = incompressible();
        List<String> jsonLines = framed("gen-3.json", JSON);
        List<String> hlogLines = framed("gen-3.hlog", hlog);
        assertTrue(hlogLines.size() > 4, "several data lines: " + hlogLines.size());
        List<String> log = new ArrayList<>();
        log.add("metric mode2: 8 threads ...");
        log.addAll(jsonLines);
        for (String line : hlogLines) {
            log.add(line);
            log.add("progress: 12,345 ops/s"); // stderr, interleaved line by line in a pod's log
        }
        Map<String, byte[]> files = ResultFrames.read(String.join("\r\n", log));

        assertEquals(List.of("gen-3.json", "gen-3.hlog"), List.copyOf(files.keySet()));
        assertArrayEquals(JSON, files.get("gen-3.json"));
        assertArrayEquals(hlog, files.get("gen-3.hlog"));
    }

    @Test
    void aLogWithoutBlocksHoldsNoFiles() {
        assertTrue(ResultFrames.read("metric: connection refused\n").isEmpty());
    }

    @Test
    void aBlockCutShortIsRefused() {
        List<String> lines = framed("gen-0.hlog", incompressible());
        lines.remove(lines.size() - 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResultFrames.read(String.join("\n", lines)));
        assertTrue(e.getMessage().contains("ends inside the block of gen-0.hlog"), e.getMessage());
    }

    @Test
    void aLostDataLineIsRefused() {
        List<String> lines = framed("gen-0.hlog", incompressible());
        lines.remove(2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResultFrames.read(String.join("\n", lines)));
        assertTrue(e.getMessage().startsWith("gen-0.hlog: "), e.getMessage());
    }

    @Test
    void contentThatIsNotTheOneAnnouncedIsRefused() {
        List<String> lines = framed("gen-0.json", JSON);
        lines.set(0, lines.get(0).replace(" " + JSON.length + " ", " " + (JSON.length + 1) + " "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResultFrames.read(String.join("\n", lines)));
        assertTrue(e.getMessage().contains("not the " + (JSON.length + 1) + " announced"), e.getMessage());
    }

    @Test
    void aFileFramedTwiceIsRefused() {
        List<String> lines = framed("gen-0.json", JSON);
        lines.addAll(framed("gen-0.json", JSON));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResultFrames.read(String.join("\n", lines)));
        assertEquals("gen-0.json is framed twice", e.getMessage());
    }

    @Test
    void aNameThatIsNotAFileNameIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> framed("../gen-0.json", JSON));
        assertThrows(IllegalArgumentException.class, () -> framed("gen 0.json", JSON));
    }
}
