package dev.metric.config;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.pacing.TargetRate;
import java.time.Duration;

/**
 * What the builders of the modes whose traffic runs for a time at a pace share beside
 * {@link RunBuilder}'s: the {@link TrafficPlan}. Unless set: the mode's own duration and warm-up, a
 * closed loop, an even schedule, no search.
 *
 * @param <B> the builder itself, so that a chain of setters keeps its type
 */
public abstract class PacedRunBuilder<B extends PacedRunBuilder<B>> extends RunBuilder<B>
        implements PacedBuilder<B> {

    protected Duration duration;
    protected Duration warmup;
    protected TargetRate rate = TargetRate.CLOSED_LOOP;
    protected Duration rateTick = Duration.ZERO;
    protected SearchPlan search;

    protected PacedRunBuilder(ClientLibrary library, ClientSettings client, Duration duration, Duration warmup) {
        super(library, client, Duration.ofSeconds(1));
        this.duration = duration;
        this.warmup = warmup;
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }

    public B duration(Duration duration) {
        this.duration = duration;
        return self();
    }

    public B warmup(Duration warmup) {
        this.warmup = warmup;
        return self();
    }

    @Override
    public B rate(TargetRate rate) {
        this.rate = rate;
        return self();
    }

    @Override
    public B rateTick(Duration rateTick) {
        this.rateTick = rateTick;
        return self();
    }

    /** The capacity search; null, the default, is one measured run. */
    @Override
    public B search(SearchPlan search) {
        this.search = search;
        return self();
    }

    /** Every part of {@code plan}. */
    public B plan(TrafficPlan plan) {
        duration = plan.duration();
        warmup = plan.warmup();
        rate = plan.rate();
        rateTick = plan.rateTick();
        search = plan.search();
        return self();
    }

    /** The plan as set, checked. */
    protected TrafficPlan plan() {
        return new TrafficPlan(duration, warmup, rate, rateTick, search);
    }
}
