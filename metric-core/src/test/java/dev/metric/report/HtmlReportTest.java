package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The page of the four committed runs of a real sweep: what it holds, and that it holds it all. */
class HtmlReportTest {

    private static final Pattern CHART = Pattern.compile("<img alt=\"([^\"]*)\"[^>]* src=\"data:image/png;base64,"
            + "([A-Za-z0-9+/=]+)\">");

    @Test
    void holdsTheTableTheChartsAndEachRunWithNothingToLoad() throws Exception {
        String page = HtmlReport.page(files(".json"), files(".hlog"), "metric test");

        assertTrue(page.startsWith("<!DOCTYPE html>"), page);
        assertTrue(page.contains("<tr><td>jedis, pool 4</td><td>1</td><td>2</td><td>21,276 (16,347-26,206)</td>"),
                "the comparison's row, as the Markdown summary has it");
        List<String> titles = new ArrayList<>();
        Matcher chart = CHART.matcher(page);
        while (chart.find()) {
            titles.add(chart.group(1));
            BufferedImage png = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(chart.group(2))));
            assertEquals(ComparisonCharts.WIDTH, png.getWidth(), chart.group(1));
        }
        // jedis-pool4-t4-r1's log is one interval of 0.354 s: too short to stand as a rate, so it has no charts.
        assertEquals(3 + 2 + 4 + 3 * 2, titles.size(), "by threads, a spectrum per thread count, each run's own"
                + " spectrum, two over time a run: " + titles);
        assertTrue(titles.contains("jedis-pool4-t4-r1.json: latency percentile spectrum (interval log)"),
                "a log too short to draw over time still holds the run's distribution: " + titles);
        assertFalse(titles.contains("jedis-pool4-t4-r1.json: throughput over time"), titles.toString());
        assertTrue(titles.get(0).startsWith("Throughput by client threads"), titles.toString());
        assertTrue(titles.contains("jedis-pool4-t1-r1.json: latency over time"), titles.toString());
        assertEquals(4, page.split("<h2>[a-z0-9-]+\\.json: ", -1).length - 1, "a section per run");
        assertTrue(page.contains("no summary: a result written by an older metric"), "these runs predate it");
        assertTrue(page.contains("<th>config.client.poolSize</th><td>4</td>"), "the configuration, whole");
        assertTrue(page.contains("<td class=\"number\">"), "the breakdown's figures");
        assertFalse(Pattern.compile("(src|href)=\"(?!data:)").matcher(page).find(), "nothing loaded from anywhere");
    }

    @Test
    void escapesWhatItQuotes() {
        assertEquals("&lt;b&gt; &amp; &quot;x&quot;", HtmlReport.escape("<b> & \"x\""));
        assertEquals("<table>\n<tr><th>a</th><th>b</th></tr>\n<tr><td>1 &lt; 2</td><td></td></tr>\n</table>\n",
                HtmlReport.markdownTable("| a | b |\n|---|---|\n| 1 < 2 |  |\n"));
    }

    private static List<Path> files(String extension) throws Exception {
        try (Stream<Path> files = Files.list(Path.of(HtmlReportTest.class.getResource("/runs").toURI()))) {
            return files.filter(file -> file.toString().endsWith(extension)).sorted().toList();
        }
    }
}
