package dev.metric.result;

import dev.metric.config.SearchPlan;
import dev.metric.search.SearchAnswer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Why a run did not pass ({@link RunResult#failures}), built reason by reason in the words every
 * mode shares: a stop, a search without an answer, and counts of what failed, each counted reason
 * given only when its count is above zero, so that each mode says only what its verdict checks.
 */
public final class FailureReasons {

    private final List<String> reasons = new ArrayList<>();

    private FailureReasons() {
    }

    /** Starts with {@code stopped early} when {@code faults} say the run did not run to its end. */
    public static FailureReasons of(Faults faults) {
        return new FailureReasons().when(!faults.ranToTheEnd(), "stopped early");
    }

    /**
     * Starts as {@link #of(Faults)}, then says when {@code search} ran and found no rate that met
     * {@code plan}'s objectives twice without failing.
     */
    public static FailureReasons of(Faults faults, SearchAnswer<?> search, SearchPlan plan) {
        return of(faults).when(search.unanswered(), () -> "no rate met " + plan.slos() + " twice without failing");
    }

    /** Adds {@code count} and {@code what}, e.g. {@code 3 failed requests}, when the count is above zero. */
    public FailureReasons count(long count, String what) {
        return when(count > 0, String.format(Locale.ROOT, "%,d %s", count, what));
    }

    /** Adds {@code reason} when {@code holds}. */
    public FailureReasons when(boolean holds, String reason) {
        return when(holds, () -> reason);
    }

    /** Adds the reason {@code words} make when {@code holds}, and makes none otherwise. */
    public FailureReasons when(boolean holds, Supplier<String> words) {
        if (holds) {
            reasons.add(words.get());
        }
        return this;
    }

    /** Adds the reason {@code reason} gives each of {@code items}, for those it gives one (not null). */
    public <T> FailureReasons each(List<T> items, Function<T, String> reason) {
        items.stream().map(reason).filter(Objects::nonNull).forEach(reasons::add);
        return this;
    }

    /** The reasons, in the order they were added; empty when the run passed. */
    public List<String> list() {
        return List.copyOf(reasons);
    }
}
