package dev.metric.compare;

import java.util.Locale;

/**
 * One headline figure of a run (or of repeats) against the baseline's: the change in percent, and
 * whether it is beyond run-to-run noise. Each side's median has an uncertainty in percent ({@link
 * RunGroup#uncertaintyPercent}: half the range of repeats, or a single run's bootstrap band over
 * its interval log); the change's band combines the two as independent errors, the square root of
 * the sum of their squares, and a change is beyond noise when it is larger than that band. When
 * either side cannot tell its uncertainty, neither can the change.
 *
 * @param figure    which figure
 * @param baseline  the baseline's median
 * @param candidate the candidate's median
 * @param percent   the change from the baseline, in percent; NaN when the baseline's is 0 or unknown
 * @param noise     whether the change is beyond noise
 * @param bandPercent the band the change had to clear, in percent; NaN when noise is unknown
 */
public record FigureChange(Headline figure, double baseline, double candidate, double percent, Noise noise,
                           double bandPercent) {

    /** Whether a change stands out from noise. */
    public enum Noise {
        /** It is larger than its band. */
        BEYOND,
        /** It is within its band. */
        WITHIN,
        /** Neither repeats nor interval logs can tell. */
        UNKNOWN
    }

    /** {@code figure} of {@code candidate} against {@code baseline}. */
    public static FigureChange of(Headline figure, RunGroup baseline, RunGroup candidate) {
        return between(figure, baseline.median(figure), baseline.uncertaintyPercent(figure),
                candidate.median(figure), candidate.uncertaintyPercent(figure));
    }

    /**
     * A change of {@code figure} from {@code base} to {@code other}, each known to within its
     * uncertainty in percent (NaN when unknown).
     */
    static FigureChange between(Headline figure, double base, double baseUncertainty, double other,
                                double otherUncertainty) {
        double percent = base == 0 || Double.isNaN(base) || Double.isNaN(other) ? Double.NaN
                : (other - base) / base * 100;
        double band = Math.hypot(baseUncertainty, otherUncertainty);
        if (Double.isNaN(percent) || Double.isNaN(band)) {
            return new FigureChange(figure, base, other, percent, Noise.UNKNOWN, Double.NaN);
        }
        return new FigureChange(figure, base, other, percent, Math.abs(percent) > band ? Noise.BEYOND : Noise.WITHIN,
                band);
    }

    /** Whether the change can be computed: both medians known, the baseline's not 0. */
    public boolean computed() {
        return !Double.isNaN(percent);
    }

    /** How much worse it got, in percent: positive when worse, negative when better; NaN when not computed. */
    public double worseningPercent() {
        return figure.worse(percent) ? Math.abs(percent) : -Math.abs(percent);
    }

    /** The change as the table shows it: {@code -20.0% beyond noise (±4.2%)}. */
    public String text() {
        if (Double.isNaN(percent)) {
            return "n/a";
        }
        String change = String.format(Locale.ROOT, "%+.1f%%", percent);
        return switch (noise) {
            case BEYOND -> change + " beyond noise" + band();
            case WITHIN -> change + " within noise" + band();
            case UNKNOWN -> change + " (noise unknown)";
        };
    }

    private String band() {
        return String.format(Locale.ROOT, " (±%.1f%%)", bandPercent);
    }
}
