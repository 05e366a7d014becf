package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocumentedCommandTest {

    @TempDir
    Path directory;

    @Test
    void wordsSplitOnBlanksOutsideQuotesAndStopAtAComment() {
        assertEquals(List.of("run", "4", "--command", "SET __key__ __value__", "--weights", "1,9"),
                DocumentedCommand.words("run 4 --command \"SET __key__ __value__\" --weights 1,9  # a comment"));
        assertEquals(List.of("a#b", "it's", ""), DocumentedCommand.words("a#b \"it's\" ''"));
    }

    @Test
    void takesTheMetricCommandsOfBashBlocksOnlyWithTheirContinuationLines() throws IOException {
        Path page = directory.resolve("page.md");
        Files.write(page, List.of(
                "    java -jar metric.jar mode1 <threads> <kkeys>",
                "```bash",
                "# a comment line",
                "METRIC_PASSWORD=x java -jar metric-cli/target/metric.jar mode2 8 100 \\",
                "  --rate 20k",
                "mvn -B verify",
                "```",
                "```",
                "metric mode1 1 1",
                "```",
                "```bash",
                "metric merge a.json b.json",
                "```"));

        List<DocumentedCommand> commands = DocumentedCommand.in(page);

        assertEquals(2, commands.size(), commands.toString());
        assertEquals("page.md:4", commands.get(0).where());
        assertEquals(List.of("mode2", "8", "100", "--rate", "20k"), commands.get(0).metricArgs());
        assertEquals(List.of("merge", "a.json", "b.json"), commands.get(1).metricArgs());
    }
}
