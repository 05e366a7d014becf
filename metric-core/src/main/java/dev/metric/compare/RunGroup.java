package dev.metric.compare;

import java.util.Arrays;
import java.util.List;

/**
 * One side of a comparison: a saved run, or repeats of one configuration (the runs of a
 * directory), summed up by the median of each figure and its range.
 *
 * @param label as the user named it: a file or a directory
 * @param runs  its runs, at least one, all of one mode
 */
public record RunGroup(String label, List<SavedRun> runs) {

    public RunGroup {
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException(label + " holds no result (.json)");
        }
        String mode = runs.get(0).mode();
        for (SavedRun run : runs) {
            if (!run.mode().equals(mode)) {
                throw new IllegalArgumentException(label + " mixes " + mode + " and " + run.mode() + " results ("
                        + run.json() + "): repeats of one configuration are runs of one mode");
            }
        }
    }

    /** The mode of its runs. */
    public String mode() {
        return runs.get(0).mode();
    }

    /** The median of {@code figure} over its runs (of the middle two for an even count); NaN if any is. */
    public double median(Headline figure) {
        return median(sorted(figure));
    }

    /** The median of {@code values}, sorted (of the middle two for an even count); NaN for none or a NaN. */
    static double median(double[] values) {
        if (values.length == 0 || Arrays.stream(values).anyMatch(Double::isNaN)) {
            return Double.NaN;
        }
        int middle = values.length / 2;
        return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }

    /** Half the range of repeats {@code values}, sorted, in percent of their median; NaN for fewer than two. */
    static double halfRangePercent(double[] values) {
        double median = median(values);
        return values.length < 2 || median == 0 || Double.isNaN(median) ? Double.NaN
                : (values[values.length - 1] - values[0]) / 2 / Math.abs(median) * 100;
    }

    /** The smallest value of {@code figure} over its runs. */
    public double min(Headline figure) {
        return sorted(figure)[0];
    }

    /** The largest value of {@code figure} over its runs. */
    public double max(Headline figure) {
        double[] values = sorted(figure);
        return values[values.length - 1];
    }

    /**
     * How uncertain its median of {@code figure} is, in percent of it: with repeats, half their
     * range; for a single run, the band of its interval log's bootstrap ({@link IntervalBootstrap});
     * NaN when neither can tell (a single run without an interval log, or a median of 0).
     */
    public double uncertaintyPercent(Headline figure) {
        if (runs.size() >= 2) {
            return halfRangePercent(sorted(figure));
        }
        IntervalBootstrap bootstrap = runs.get(0).bootstrap();
        return bootstrap == null ? Double.NaN : bootstrap.bandPercent(figure);
    }

    /** Requests that failed in all its runs together. */
    public long errors() {
        return runs.stream().mapToLong(SavedRun::errors).sum();
    }

    /** How many of its runs passed. */
    public long passed() {
        return runs.stream().filter(SavedRun::passed).count();
    }

    /** Its runs that did not pass. */
    public List<SavedRun> failed() {
        return runs.stream().filter(run -> !run.passed()).toList();
    }

    private double[] sorted(Headline figure) {
        double[] values = runs.stream().mapToDouble(run -> run.figure(figure)).toArray();
        Arrays.sort(values);
        return Arrays.stream(values).anyMatch(Double::isNaN) ? new double[] {Double.NaN} : values;
    }
}
