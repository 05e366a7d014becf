package dev.metric.cli.option;

import dev.metric.workload.KeyDistribution;
import java.util.Locale;
import picocli.CommandLine.Option;

/** How operations spread over the keys: shared by mode2 and the command templates of {@code run}. */
public final class KeyDistributionOptions {

    @Option(names = "--key-dist", paramLabel = "DIST", defaultValue = "uniform",
            description = "How operations spread over keys: uniform, zipfian (--zipf), hotspot (--hotspot) or"
                    + " sequential (default: ${DEFAULT-VALUE}, the worst case for a cache).")
    String keyDistribution;

    @Option(names = "--zipf", paramLabel = "THETA", defaultValue = "0.99",
            description = "Skew of --key-dist zipfian, strictly between 0 and 1 (default: ${DEFAULT-VALUE}).")
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
        return switch (keyDistribution.toLowerCase(Locale.ROOT)) {
            case "uniform" -> new KeyDistribution.Uniform();
            case "zipfian", "zipf" -> new KeyDistribution.Zipfian(zipfTheta);
            case "hotspot" -> hotspotDistribution();
            case "sequential" -> new KeyDistribution.Sequential();
            default -> throw new IllegalArgumentException("unknown --key-dist '" + keyDistribution
                    + "', expected uniform, zipfian, hotspot or sequential");
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
