package dev.metric.cli.option;

import dev.metric.workload.KeyDistribution;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/** How operations spread over the keys: shared by mode2 and the command templates of {@code run}. */
public final class KeyDistributionOptions {

    @Option(names = "--key-dist", paramLabel = "DIST",
            description = "How operations spread over keys: uniform, zipfian (--zipf), hotspot (--hotspot),"
                    + " sequential (each thread in order from its own starting key), parallel (each thread in order"
                    + " through its own part of the keys) or gaussian (--key-median, --key-stddev) (default: uniform,"
                    + " the worst case for a cache; parallel for run -n allkeys).")
    String keyDistribution;

    @Option(names = "--key-pattern", paramLabel = "SET:GET",
            description = "memtier_benchmark's name for --key-dist, one letter for the writes and one for the reads,"
                    + " here the same: R:R uniform, S:S sequential, P:P parallel, G:G gaussian, Z:Z zipfian.")
    String keyPattern;

    @Option(names = "--key-median", paramLabel = "KEY",
            description = "For --key-dist gaussian: the key index at the centre (default: the middle key), as"
                    + " memtier_benchmark's --key-median.")
    Double keyMedian;

    @Option(names = "--key-stddev", paramLabel = "KEYS",
            description = "For --key-dist gaussian: the standard deviation in keys (default: a sixth of the keys),"
                    + " as memtier_benchmark's --key-stddev.")
    Double keyStddev;

    @Option(names = "--zipf", paramLabel = "THETA", defaultValue = "0.99",
            description = "Skew of --key-dist zipfian, strictly between 0 and 5: key k (from 0) drawn in proportion"
                    + " to 1/(k+1)^THETA, by YCSB's method below 1 and memtier_benchmark's from 1 on (its"
                    + " --key-zipf-exp; default: ${DEFAULT-VALUE}).")
    double zipfTheta;

    @Option(names = "--hotspot", paramLabel = "KEYS:OPS", defaultValue = "0.2:0.8",
            description = "For --key-dist hotspot: the share of keys that takes the share of operations"
                    + " (default: ${DEFAULT-VALUE}).")
    String hotspot;

    /**
     * The distribution the options describe.
     *
     * @throws IllegalArgumentException with a one-line reason for an unknown name or bad parameters
     */
    public KeyDistribution distribution() {
        return distribution("uniform", List.of());
    }

    /**
     * The distribution the options describe, {@code unnamed} when they name none; {@code others}
     * are the distributions of the run's commands' own (--command-key-pattern), which --key-median
     * and --key-stddev may shape instead.
     *
     * @throws IllegalArgumentException with a one-line reason for an unknown name or bad parameters
     */
    public KeyDistribution distribution(String unnamed, List<KeyDistribution> others) {
        String name = keyPattern != null ? fromPattern()
                : keyDistribution == null ? unnamed : keyDistribution.toLowerCase(Locale.ROOT);
        boolean gaussianElsewhere = others.stream().anyMatch(other -> other instanceof KeyDistribution.Gaussian);
        if ((keyMedian != null || keyStddev != null) && !"gaussian".equals(name) && !gaussianElsewhere) {
            throw new IllegalArgumentException("--key-median and --key-stddev shape --key-dist gaussian (or a"
                    + " --command-key-pattern G), not " + name);
        }
        return switch (name) {
            case "uniform" -> new KeyDistribution.Uniform();
            case "zipfian", "zipf" -> new KeyDistribution.Zipfian(zipfTheta);
            case "hotspot" -> hotspotDistribution();
            case "sequential" -> new KeyDistribution.Sequential();
            case "parallel" -> new KeyDistribution.Parallel();
            case "gaussian" -> new KeyDistribution.Gaussian(keyMedian, keyStddev);
            default -> throw new IllegalArgumentException("unknown --key-dist '" + keyDistribution
                    + "', expected uniform, zipfian, hotspot, sequential, parallel or gaussian");
        };
    }

    /** The distribution memtier's --key-pattern names, the same letter for writes and reads. */
    private String fromPattern() {
        if (keyDistribution != null) {
            throw new IllegalArgumentException("--key-pattern is memtier_benchmark's name for --key-dist: give one");
        }
        String[] letters = keyPattern.toUpperCase(Locale.ROOT).split(":", -1);
        if (letters.length != 2 || !letters[0].equals(letters[1])) {
            throw new IllegalArgumentException("--key-pattern " + keyPattern + ": metric draws the keys of writes and"
                    + " reads alike, so give one letter twice, e.g. R:R");
        }
        return patternName("--key-pattern " + keyPattern, letters[0]);
    }

    /**
     * The distribution one of memtier's key pattern letters names (R, S, P, G, Z), shaped by these
     * options (--key-median, --key-stddev, --zipf): memtier's {@code --command-key-pattern}.
     */
    public KeyDistribution pattern(String letter) {
        String name = patternName("--command-key-pattern " + letter, letter.strip().toUpperCase(Locale.ROOT));
        return switch (name) {
            case "gaussian" -> new KeyDistribution.Gaussian(keyMedian, keyStddev);
            case "zipfian" -> new KeyDistribution.Zipfian(zipfTheta);
            case "sequential" -> new KeyDistribution.Sequential();
            case "parallel" -> new KeyDistribution.Parallel();
            default -> new KeyDistribution.Uniform();
        };
    }

    private static String patternName(String given, String letter) {
        return switch (letter) {
            case "R" -> "uniform";
            case "S" -> "sequential";
            case "P" -> "parallel";
            case "G" -> "gaussian";
            case "Z" -> "zipfian";
            default -> throw new IllegalArgumentException(given + ": expected R, S, P, G or Z");
        };
    }

    private KeyDistribution hotspotDistribution() {
        String[] parts = hotspot.split(":");
        try {
            if (parts.length == 2) {
                return new KeyDistribution.Hotspot(Double.parseDouble(parts[0]), Double.parseDouble(parts[1]));
            }
        } catch (NumberFormatException e) {
            // Falls through to the message below.
        }
        throw new IllegalArgumentException("--hotspot must be KEYS:OPS fractions, e.g. 0.2:0.8, got '" + hotspot + "'");
    }
}
