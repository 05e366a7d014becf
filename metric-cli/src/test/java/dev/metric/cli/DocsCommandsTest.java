package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.cli.memtier.MemtierLine;
import dev.metric.cli.option.GeneratorOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every metric command in a {@code bash} block of the README and the pages under {@code docs/},
 * run so that none goes stale: the commands that measure, and {@code fleet}, run with
 * {@code --dry-run} (their whole configuration is checked, nothing is connected to or created). Commands
 * that read files the page only names ({@code merge}, {@code report}, {@code replay}, {@code suite} and a
 * fleet of replays, TLS and password files) and {@code trace}, which writes one, are parsed, which checks
 * every option's name and value. A {@code --start-at} time, which must lie within a day, is checked for its form
 * and moved to an hour from now. A {@code memtier} command is read as memtier's, and the {@code run} it
 * means runs with {@code --dry-run}. A command must be concrete: no placeholders, no shell variables.
 */
class DocsCommandsTest {

    private static final Path ROOT = Path.of("..");
    private static final Set<String> DRY_RUN = Set.of("mode1", "mode2", "run", "bench", "sweep", "fleet");
    private static final Set<String> PARSED_ONLY = Set.of("merge", "report", "compare", "replay", "trace",
            "suite");
    private static final Set<String> FILE_OPTIONS = Set.of("--cacert", "--cert", "--key", "--key-password-file",
            "--password-file");

    @TestFactory
    Stream<DynamicTest> everyDocumentedCommandIsAccepted() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path page : pages()) {
            for (DocumentedCommand command : DocumentedCommand.in(page)) {
                tests.add(DynamicTest.dynamicTest(command.where(), () -> check(command)));
            }
        }
        assertFalse(tests.isEmpty(), "no commands found in " + pages());
        return tests.stream();
    }

    @Test
    void everyPageUnderDocsIsLinkedFromTheReadme() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        for (Path page : pages()) {
            if (!page.getFileName().toString().equals("README.md")) {
                assertTrue(readme.contains("](docs/" + page.getFileName() + ")"), page + " is not linked");
            }
        }
    }

    @Test
    void everyRelativeLinkPointsAtAFileOfTheTree() throws IOException {
        Pattern link = Pattern.compile("\\]\\(([^)#:]+)(#[^)]*)?\\)");
        for (Path page : pages()) {
            Matcher links = link.matcher(Files.readString(page));
            while (links.find()) {
                Path target = page.getParent().resolve(links.group(1)).normalize();
                assertTrue(Files.exists(target), page + " links to " + links.group(1) + ", which is not there");
            }
        }
    }

    private static void check(DocumentedCommand command) {
        List<String> args = command.metricArgs();
        assertTrue(args.stream().noneMatch(arg -> arg.contains("$") || arg.contains("<")),
                command.where() + ": not a concrete command: " + args);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String subcommand = args.get(0);
        int generator = args.indexOf("--") + 1; // a fleet's generator: a replay reads a trace the page only names
        if (PARSED_ONLY.contains(subcommand) || args.stream().anyMatch(FILE_OPTIONS::contains)
                || generator > 0 && generator < args.size() && PARSED_ONLY.contains(args.get(generator))) {
            MetricCli.commandLine(new PrintWriter(out), new PrintWriter(err)).parseArgs(args.toArray(String[]::new));
            return;
        }
        if (subcommand.equals("memtier")) {
            // memtier's own options have no --dry-run: the run they mean has
            List<String> translated = new ArrayList<>(List.of("run"));
            translated.addAll(MemtierLine.parse(args.subList(1, args.size())).runArguments());
            args = translated;
            subcommand = "run";
        }
        assertTrue(DRY_RUN.contains(subcommand) || args.contains("--dry-run"),
                command.where() + ": a " + subcommand + " command in the docs must carry --dry-run");
        List<String> run = new ArrayList<>(args);
        int startAt = run.indexOf("--start-at");
        if (startAt >= 0) {
            String documented = run.get(startAt + 1);
            Instant at = Instant.parse(documented);
            GeneratorOptions.startAt(documented, Clock.fixed(at.minusSeconds(60), ZoneOffset.UTC));
            run.set(startAt + 1, Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS).toString());
        }
        if (!run.contains("--dry-run")) {
            int end = run.indexOf("--");
            run.add(end < 0 ? run.size() : end, "--dry-run");
        }
        int code = MetricCli.execute(new PrintWriter(out), new PrintWriter(err), run.toArray(String[]::new));
        assertEquals(0, code, command.where() + ": " + String.join(" ", run) + "\n" + err);
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }
}
