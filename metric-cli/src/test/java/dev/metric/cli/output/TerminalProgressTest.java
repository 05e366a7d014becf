package dev.metric.cli.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TerminalProgressTest {

    private final StringWriter written = new StringWriter();
    private long nanos;
    private final TerminalProgress progress = new TerminalProgress(new PrintWriter(written), 60, () -> nanos);

    @Test
    void updatesRedrawOneLineWithABarAndTheTimeLeftAndNotesScroll() {
        progress.accept("load: writing 1,024 keys");
        progress.update(0.10, "load: 102 keys");
        nanos = 2_000_000_000L;
        progress.update(0.50, "load: 512 keys");
        progress.accept("verify: 1,000 reads");

        assertEquals("load: writing 1,024 keys\n"
                + "\r\033[K[##..................]  10%  load: 102 keys"
                + "\r\033[K[##########..........]  50% ETA 3 s  load: 512 keys"
                + "\r\033[Kverify: 1,000 reads\n", written.toString().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void aLongUpdateIsCutToTheTerminalsWidthAndFinishClearsIt() {
        progress.update(1.0, "x".repeat(200));
        progress.finish();

        String drawn = written.toString();
        assertEquals("\r\033[K".length() + 59 + "\r\033[K".length(), drawn.length(), drawn);
    }
}
