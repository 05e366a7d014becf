package dev.metric.jmh.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** The machine a suite ran on, in one line for its summary: figures mean little without it. */
final class Machine {

    private Machine() {
    }

    /** Cores, CPU model, memory and OS of this machine, e.g. "2 cores (Intel Xeon ...), 24 GiB, Linux 6.1". */
    static String describe() {
        Runtime runtime = Runtime.getRuntime();
        String cpu = cpuInfo("model name").map(model -> " (" + model + ")").orElse("");
        String memory = memInfoKib().map(kib -> String.format(Locale.ROOT, ", %d GiB", Math.round(kib / 1048576.0)))
                .orElse("");
        return runtime.availableProcessors() + " cores" + cpu + memory + ", " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + " " + System.getProperty("os.arch");
    }

    private static Optional<String> cpuInfo(String field) {
        return line(Path.of("/proc/cpuinfo"), field).map(line -> line.substring(line.indexOf(':') + 1).strip());
    }

    private static Optional<Long> memInfoKib() {
        return line(Path.of("/proc/meminfo"), "MemTotal:")
                .map(line -> Long.parseLong(line.replaceAll("[^0-9]", "")));
    }

    private static Optional<String> line(Path file, String prefix) {
        try {
            return Files.readAllLines(file).stream().filter(line -> line.startsWith(prefix)).findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
