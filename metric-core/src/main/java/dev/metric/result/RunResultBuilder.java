package dev.metric.result;

import dev.metric.client.ClientDescription;
import dev.metric.client.ServerAddress;
import java.time.Instant;

/**
 * What the builders of every mode's result share: the components that say where and when a run
 * ran, which every result has right after its configuration, in this order.
 *
 * @param <B> the mode's builder
 */
public abstract class RunResultBuilder<B extends RunResultBuilder<B>> {

    /** The components given so far; the setters here mark components 1 to 6. */
    protected final ComponentsSet given;
    protected Instant startedAt;
    protected ServerAddress address;
    protected ServerDescription server;
    protected ClientDescription client;
    protected RunEnvironment environment;
    protected long keysBefore;

    /** @param given the result's components, the configuration first and these six after it */
    protected RunResultBuilder(ComponentsSet given) {
        this.given = given;
    }

    /** This builder, as its own type. */
    protected abstract B self();

    public B startedAt(Instant startedAt) {
        this.startedAt = startedAt;
        given.given(1);
        return self();
    }

    public B address(ServerAddress address) {
        this.address = address;
        given.given(2);
        return self();
    }

    public B server(ServerDescription server) {
        this.server = server;
        given.given(3);
        return self();
    }

    public B client(ClientDescription client) {
        this.client = client;
        given.given(4);
        return self();
    }

    public B environment(RunEnvironment environment) {
        this.environment = environment;
        given.given(5);
        return self();
    }

    public B keysBefore(long keysBefore) {
        this.keysBefore = keysBefore;
        given.given(6);
        return self();
    }
}
