package dev.metric.compare;

import java.util.Locale;

/**
 * One headline figure of a run (or of repeats) against the baseline's: the change in percent, and
 * whether it is beyond run-to-run noise. Noise is judged, in this order:
 * <ul>
 *   <li>from repeats, when both sides have at least two runs: the change is beyond noise when
 *       their ranges do not overlap;</li>
 *   <li>else from the interval logs beside every run: beyond noise when the change is larger than
 *       {@value #INTERVAL_SPREADS} times the larger coefficient of variation of that figure over
 *       the two sides' one-second intervals. One second's figure varies more than a whole run's,
 *       so this band is wide on purpose: what clears it is no accident of one run;</li>
 *   <li>else it cannot be told.</li>
 * </ul>
 *
 * @param figure    which figure
 * @param baseline  the baseline's median
 * @param candidate the candidate's median
 * @param percent   the change from the baseline, in percent; NaN when the baseline's is 0 or unknown
 * @param noise     whether the change is beyond noise
 * @param bandPercent with interval logs, the band the change had to clear, in percent; NaN otherwise
 */
public record FigureChange(Headline figure, double baseline, double candidate, double percent, Noise noise,
                           double bandPercent) {

    /** How many coefficients of variation of one interval's figure a change must exceed. */
    static final double INTERVAL_SPREADS = 2.0;

    /** Whether a change stands out from noise. */
    public enum Noise {
        /** Repeats or interval logs say it is larger than runs vary. */
        BEYOND,
        /** It is within how much runs vary. */
        WITHIN,
        /** Neither repeats nor interval logs can tell. */
        UNKNOWN
    }

    /** {@code figure} of {@code candidate} against {@code baseline}. */
    public static FigureChange of(Headline figure, RunGroup baseline, RunGroup candidate) {
        double base = baseline.median(figure);
        double other = candidate.median(figure);
        double percent = base == 0 || Double.isNaN(base) || Double.isNaN(other) ? Double.NaN
                : (other - base) / base * 100;
        if (Double.isNaN(percent)) {
            return new FigureChange(figure, base, other, percent, Noise.UNKNOWN, Double.NaN);
        }
        if (baseline.runs().size() >= 2 && candidate.runs().size() >= 2) {
            boolean apart = candidate.max(figure) < baseline.min(figure)
                    || candidate.min(figure) > baseline.max(figure);
            return new FigureChange(figure, base, other, percent, apart ? Noise.BEYOND : Noise.WITHIN, Double.NaN);
        }
        double variation = Math.max(baseline.intervalVariation(figure), candidate.intervalVariation(figure));
        if (Double.isNaN(variation)) {
            return new FigureChange(figure, base, other, percent, Noise.UNKNOWN, Double.NaN);
        }
        double band = INTERVAL_SPREADS * variation * 100;
        return new FigureChange(figure, base, other, percent, Math.abs(percent) > band ? Noise.BEYOND : Noise.WITHIN,
                band);
    }

    /** Whether it got worse by more than {@code percent} and beyond noise, or worse by that with noise unknown. */
    public boolean worseBy(double thresholdPercent) {
        return noise != Noise.WITHIN && figure.worse(percent) && Math.abs(percent) > thresholdPercent;
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
        return Double.isNaN(bandPercent) ? " (ranges)" : String.format(Locale.ROOT, " (±%.1f%%)", bandPercent);
    }
}
