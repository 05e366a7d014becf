package dev.metric.cli.convert;

/**
 * memtier_benchmark's {@code --ratio SET:GET}: how many writes to how many reads, two whole numbers
 * not both 0, read the same way by mode2 (a share of writes) and run (two weighted templates).
 *
 * @param sets the writes' side
 * @param gets the reads' side
 */
public record SetGetRatio(long sets, long gets) {

    /**
     * Reads {@code text}.
     *
     * @throws IllegalArgumentException with a one-line reason when it is not SET:GET of whole numbers not both 0
     */
    public static SetGetRatio parse(String text) {
        String[] parts = text.split(":", -1);
        if (parts.length == 2 && parts[0].matches("\\d{1,9}") && parts[1].matches("\\d{1,9}")) {
            long sets = Long.parseLong(parts[0]);
            long gets = Long.parseLong(parts[1]);
            if (sets + gets > 0) {
                return new SetGetRatio(sets, gets);
            }
        }
        throw new IllegalArgumentException("--ratio must be SET:GET, two whole numbers not both 0 (e.g. 1:10), not '"
                + text + "'");
    }

    /** The share of writes, 0 to 1. */
    public double writeShare() {
        return (double) sets / (sets + gets);
    }
}
