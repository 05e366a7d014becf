package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The distribution as a user unpacks it: {@code bin/metric} runs metric.jar with nothing but a JRE. */
@ExtendWith(LocalRedisExtension.class)
class DistributionIT {

    private static final String VERSION = System.getProperty("metric.version");
    private static final String BASE = "metric-" + VERSION;
    private static final Path TAR = Path.of("target", BASE + ".tar.gz");
    private static final Path ZIP = Path.of("target", BASE + ".zip");

    @TempDir
    Path directory;

    private Path unpacked() throws Exception {
        Process tar = new ProcessBuilder("tar", "-xzf", TAR.toAbsolutePath().toString(), "-C", directory.toString())
                .redirectErrorStream(true).start();
        assertTrue(tar.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, tar.exitValue(), new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        return directory.resolve(BASE);
    }

    private static Run run(Map<String, String> environment, String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), output);
        return new Run(process.exitValue(), output);
    }

    private record Run(int exitCode, String output) {
    }

    @Test
    void theArchiveHoldsTheJarALauncherTheCompletionAndTheReadme() throws Exception {
        Path home = unpacked();

        assertTrue(Files.isExecutable(home.resolve("bin/metric")));
        assertTrue(Files.size(home.resolve("lib/metric.jar")) > 1_000_000);
        assertEquals(Files.readString(Path.of("..", "scripts", "completion", "metric_completion.bash")),
                Files.readString(home.resolve("completion/metric_completion.bash")));
        assertEquals(Files.readString(Path.of("..", "README.md")), Files.readString(home.resolve("README.md")));
        Run version = run(Map.of(), home.resolve("bin/metric").toString(), "--version");
        assertEquals(0, version.exitCode(), version.output());
        assertTrue(version.output().startsWith("metric " + VERSION), version.output());
    }

    @Test
    void theZipHoldsWhatTheTarballHolds() throws Exception {
        Path home = unpacked();
        List<String> inTar = new ArrayList<>();
        try (var files = Files.walk(home)) {
            files.filter(Files::isRegularFile).forEach(file -> inTar.add(BASE + "/" + home.relativize(file)));
        }
        List<String> inZip = new ArrayList<>();
        try (ZipFile zip = new ZipFile(ZIP.toFile())) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                if (!entry.isDirectory()) {
                    inZip.add(entry.getName());
                }
            }
        }
        Collections.sort(inTar);
        Collections.sort(inZip);
        assertEquals(inTar, inZip);
    }

    @Test
    void theLauncherRunsMetricThroughASymbolicLink(LocalRedisServer server) throws Exception {
        Path home = unpacked();
        Path link = Files.createSymbolicLink(directory.resolve("metric"), home.resolve("bin/metric"));

        Run run = run(Map.of(), link.toString(), "mode1", "1",
                "1", Integer.toString(server.address().port()), "--host", "127.0.0.1", "--db", "9", "--reads", "500",
                "--no-breakdown");

        assertEquals(0, run.exitCode(), run.output());
        assertTrue(run.output().contains("verify "), run.output());
    }

    @Test
    void javaOptsReachTheJvm() throws Exception {
        Path home = unpacked();

        Run run = run(Map.of("JAVA_OPTS", "-showversion -Xmx256m"), home.resolve("bin/metric").toString(),
                "--version");

        assertEquals(0, run.exitCode(), run.output());
        assertTrue(run.output().contains("Runtime Environment"), "the JVM printed its version first: " + run.output());
    }

    @Test
    void withoutAJavaTheLauncherSaysSoAndFails() throws Exception {
        Path home = unpacked();

        Run run = run(Map.of("JAVA_HOME", directory.resolve("no-jdk").toString()),
                home.resolve("bin/metric").toString(), "--version");

        assertEquals(1, run.exitCode(), run.output());
        assertEquals("metric: no java found: install a JRE 17 or set JAVA_HOME", run.output().strip());
    }
}
