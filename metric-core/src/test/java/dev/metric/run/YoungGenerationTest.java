package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Runs {@link YoungGeneration} in JVMs of its own, under the serial collector and under G1. */
class YoungGenerationTest {

    private static final long MB = 1 << 20;

    /**
     * In a JVM of its own: readies {@code args[0]} MB of eden, collects the heap, and prints what
     * was readied and how much the process's resident memory grew, in MB.
     */
    public static void main(String[] args) throws IOException {
        long before = residentBytes();
        long readied = YoungGeneration.ready(Long.parseLong(args[0]) * MB);
        System.gc();
        System.out.println(readied / MB + " " + (residentBytes() - before) / MB);
    }

    private static long residentBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }

    private static long[] runIn(String collector, int megabytes) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                collector, "-Xmx1g", "-Xmn512m", "-cp", System.getProperty("java.class.path"),
                YoungGenerationTest.class.getName(), Integer.toString(megabytes))
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), output);
        assertEquals(0, process.exitValue(), output);
        String[] figures = output.split(" ");
        return new long[] {Long.parseLong(figures[0]), Long.parseLong(figures[1])};
    }

    /** The pages the window will allocate into are the process's before it opens, and a collection keeps them. */
    @Test
    void theSerialCollectorsEdenIsTouchedUpToWhatIsAskedAndKeptThroughACollection() throws Exception {
        long[] figures = runIn("-XX:+UseSerialGC", 300);

        assertTrue(figures[0] >= 299, "readied " + figures[0] + " MB of 300");
        assertTrue(figures[1] >= 280, "resident memory grew by " + figures[1] + " MB for 300 MB readied");
    }

    @Test
    void aYoungGenerationLargerThanEdenIsReadiedAsFarAsEdenGoes() throws Exception {
        long[] figures = runIn("-XX:+UseSerialGC", 4096);

        // -Xmn512m: eden is 8/10 of it, 409 MB, less the chunk kept free.
        assertTrue(figures[0] >= 400 && figures[0] <= 410, "readied " + figures[0] + " MB of a 409 MB eden");
    }

    @Test
    void underACollectorThatSizesItsYoungGenerationAsItGoesNothingIsDone() throws Exception {
        assertEquals(0, runIn("-XX:+UseG1GC", 300)[0]);
    }
}
