package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pages {@code metric report --html} writes of real runs, opened in headless Chromium:
 * each loads without a console message, and every chart on it was decoded and drawn (its
 * {@code data-drawn}, which the page's script sets once the browser has the image). Where there is
 * no Chromium the test is skipped, unless {@value #REQUIRE_CHROMIUM} is set, as CI sets it.
 */
class HtmlReportIT {

    static final String REQUIRE_CHROMIUM = "METRIC_REQUIRE_CHROMIUM";
    private static final Pattern FIGURE = Pattern.compile("<figure>");
    private static final Pattern DRAWN = Pattern.compile("data-drawn=\"(true|false)\"");

    private static Path chromium;

    @BeforeAll
    static void findChromium() {
        Optional<Path> found = Stream.of(System.getenv("PATH").split(File.pathSeparator))
                .flatMap(directory -> Stream.of("chromium", "chromium-browser", "google-chrome")
                        .map(name -> Path.of(directory, name)))
                .filter(Files::isExecutable).findFirst();
        if (found.isEmpty()) {
            String missing = "no chromium on PATH (Debian: apt-get install -y chromium)";
            if (System.getenv(REQUIRE_CHROMIUM) != null) {
                throw new IllegalStateException(missing + ", and " + REQUIRE_CHROMIUM + " is set");
            }
            Assumptions.abort(missing + ": the page is not opened in a browser");
        }
        chromium = found.get();
    }

    @Test
    void aReportOfTwoRealRunsLoadsWithoutAConsoleMessageAndDrawsEveryChart(@TempDir Path directory)
            throws Exception {
        for (String name : List.of("a", "b")) {
            CliRun run = CliRun.of("mode2", "1", "1", "--embedded", "--duration", "3", "--warmup-time", "0", "-q",
                    "--json", directory.resolve(name + ".json").toString(), "--hdr-log",
                    directory.resolve(name + ".hlog").toString());
            assertEquals(0, run.exitCode(), run.err());
        }

        String dom = opened(directory, directory.toString());

        assertEquals(1 + 2 * 3, drawnCharts(dom), "a spectrum of both, and for each run its own spectrum, its"
                + " throughput and its latency over time: " + dom);
    }

    /** A run kept without its interval log still has its latency drawn, from the percentiles of its summary. */
    @Test
    void aSingleRunWithoutAnIntervalLogDrawsItsLatencySpectrum(@TempDir Path directory) throws Exception {
        Path json = directory.resolve("alone.json");
        CliRun run = CliRun.of("mode1", "1", "1", "--embedded", "--reads", "2000", "--warmup", "0", "-q", "--json",
                json.toString());
        assertEquals(0, run.exitCode(), run.err());

        String dom = opened(directory, json.toString());

        assertEquals(1, drawnCharts(dom), dom);
        assertTrue(dom.contains("alt=\"alone.json: latency percentile spectrum (p50, p99, p99.9 of its summary)\""),
                dom);
    }

    /** The page {@code metric report --html} writes of {@code results}, as headless Chromium loaded it: its DOM. */
    private static String opened(Path directory, String results) throws Exception {
        Path page = directory.resolve("report.html");
        CliRun report = CliRun.of("report", "--html", page.toString(), results);
        assertEquals(0, report.exitCode(), report.err());
        Process browser = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--enable-logging=stderr", "--v=0", "--user-data-dir=" + directory.resolve("profile"),
                "--dump-dom", page.toUri().toString())
                .redirectError(directory.resolve("chromium.err").toFile())
                .start();
        String dom = new String(browser.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(browser.waitFor(60, TimeUnit.SECONDS), "chromium did not finish");
        String log = Files.readString(directory.resolve("chromium.err"));
        assertEquals(0, browser.exitValue(), log);
        assertTrue(log.lines().noneMatch(line -> line.contains(":CONSOLE")), "a console message: " + log);
        return dom;
    }

    /** How many charts the page has, each of which the browser decoded and drew (the page's script marks them). */
    private static long drawnCharts(String dom) {
        long figures = FIGURE.matcher(dom).results().count();
        Matcher drawn = DRAWN.matcher(dom);
        long charts = 0;
        while (drawn.find()) {
            assertEquals("true", drawn.group(1), "a chart the browser could not draw");
            charts++;
        }
        assertEquals(figures, charts, "every chart marked by the page's script once loaded");
        return charts;
    }
}
