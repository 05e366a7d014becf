package dev.metric.config;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.workload.DataSpec;
import java.time.Duration;

/**
 * What the builders of every kind of run share: the client library and connection, the threads,
 * the connections each drives and the engine that drives them, the data set, whether to flush
 * first, the requests each connection keeps in flight, and how often progress is printed. Unless
 * set: one thread of one connection on the library's own engine; 1 kkey of seed 1; no flush, as
 * on the command line, where nothing is deleted unless asked; one request in flight. Each
 * configuration's builder adds its own settings and builds it.
 *
 * @param <B> the builder itself, so that a chain of setters keeps its type
 */
public abstract class RunBuilder<B extends RunBuilder<B>> {

    protected ClientLibrary library;
    protected ClientSettings client;
    protected int threads = 1;
    protected int connections = 1;
    protected EngineKind engine;
    protected DataSpec data = DataSpec.standard(DataSpec.KEYS_PER_KKEY, 1);
    protected FlushPolicy flush = FlushPolicy.NEVER;
    protected int inflight = 1;
    protected Duration progressInterval;

    protected RunBuilder(ClientLibrary library, ClientSettings client, Duration progressInterval) {
        this.library = library;
        this.client = client;
        this.progressInterval = progressInterval;
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }

    public B library(ClientLibrary library) {
        this.library = library;
        return self();
    }

    public B client(ClientSettings client) {
        this.client = client;
        return self();
    }

    public B threads(int threads) {
        this.threads = threads;
        return self();
    }

    /** The library, client settings, threads, connections, engine and requests in flight of {@code lanes}. */
    public B lanes(ClientLanes lanes) {
        library = lanes.library();
        client = lanes.client();
        threads = lanes.threads();
        connections = lanes.connections();
        engine = lanes.engine();
        inflight = lanes.inflight();
        return self();
    }

    /** Connections each thread drives, each a lane of its own; 1 unless set. */
    public B connections(int connections) {
        this.connections = connections;
        return self();
    }

    /** What runs the lanes; unless set (or set to null), the library's own kind ({@link RunLimits#defaultEngine}). */
    public B engine(EngineKind engine) {
        this.engine = engine;
        return self();
    }

    /** The lanes as set, the engine the library's default unless set. */
    protected ClientLanes clientLanes() {
        return new ClientLanes(library, client, threads, connections,
                engine == null ? RunLimits.defaultEngine(library, client) : engine, inflight);
    }

    /** The keys and values; 1 kkey of seed 1 unless set. */
    public B data(DataSpec data) {
        this.data = data;
        return self();
    }

    public B flush(FlushPolicy flush) {
        this.flush = flush;
        return self();
    }

    public B inflight(int inflight) {
        this.inflight = inflight;
        return self();
    }

    public B progressInterval(Duration progressInterval) {
        this.progressInterval = progressInterval;
        return self();
    }
}
