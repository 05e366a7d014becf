package dev.metric.run;

import dev.metric.client.ClientSettings;
import dev.metric.client.Clients;
import dev.metric.client.KeyValueClient;
import dev.metric.client.ServerAddress;
import dev.metric.config.FlushPolicy;
import dev.metric.config.RunConfig;
import dev.metric.result.Faults;
import dev.metric.result.RunEnvironment;
import dev.metric.result.RunHeader;
import dev.metric.result.ServerDescription;
import dev.metric.server.ServerInfo;
import dev.metric.server.TargetAdmin;
import java.time.Instant;

/**
 * What every mode's run holds from its start to its result, opened the same way for each: the
 * server's admin connection and its INFO at the start, the mode's own checks of that server, the
 * keys already there counted (and flushed, as the run's policy allows), the client's pool and the
 * watch on the server; and at the end the result's header and faults. A mode's runner is then only
 * its phases.
 *
 * @param startedAt  when the run started, for the result's header
 * @param address    where the server listens, for the result's header
 * @param context    where progress and latencies go, and what stops the run
 * @param admin      the admin connection, for INFO and counters around the traffic
 * @param info       the server's INFO at the start
 * @param keysBefore keys in the database before the run, before any flush
 * @param client     the client the traffic goes through
 * @param watch      tells a server that is down from one that is slow, while the run goes on
 * @param replicas   the server's replicas the run reads back ({@link RunConfig#replicas}), checked to
 *                   be its replicas before anything was written or deleted
 */
public record RunSession(Instant startedAt, ServerAddress address, RunContext context, TargetAdmin admin,
                         ServerInfo info, long keysBefore, KeyValueClient client, ServerWatch watch,
                         ReplicaSet replicas) implements AutoCloseable {

    /** What a mode checks of the server before anything is deleted or written; it throws to refuse the run. */
    @FunctionalInterface
    public interface ServerCheck {
        /** Checks nothing. */
        ServerCheck NONE = (admin, info) -> { };

        void check(TargetAdmin admin, ServerInfo info);
    }

    /**
     * The keys a run finds in its database and what it may do with them.
     *
     * @param own       the keys metric writes, and the marker that proves them its own
     * @param flush     whether and when to flush the database first
     * @param willWrite whether the run is about to write (a verify-only run overwrites nothing)
     */
    public record Keys(OwnKeys own, FlushPolicy flush, boolean willWrite) {
    }

    /**
     * Connects to {@code config}'s server, checks it ({@code check}) and the replicas the run reads
     * ({@link ReplicaSet#open}), prepares its database as
     * {@code keys} says ({@link DatabaseHousekeeping#prepare}), then opens the client, its pool
     * as {@code pool} says and {@code window} requests outstanding per connection (and as many to
     * each replica when the run reads from them, {@link ReplicaSet#readingFrom}), and the watch.
     *
     * @throws dev.metric.server.ServerUnreachableException when the server cannot be reached
     * @throws dev.metric.client.ConnectionFailedException  when the client cannot connect
     * @throws RunRefusedException                           when the housekeeping or a check refuses the run
     */
    public static RunSession open(RunConfig config, RunContext context, ClientSettings pool, int window, Keys keys,
                                  ServerCheck check) {
        Instant startedAt = Instant.now();
        ClientSettings settings = config.client();
        TargetAdmin admin = TargetAdmin.connect(settings);
        KeyValueClient client = null;
        ReplicaSet replicas = ReplicaSet.NONE;
        try {
            ServerInfo info = admin.info();
            check.check(admin, info);
            replicas = ReplicaSet.open(config.replicas(), settings, admin, info);
            long keysBefore = DatabaseHousekeeping.prepare(admin, settings.database(), keys.own(), keys.flush(),
                    keys.willWrite(), context.progress());
            client = Clients.open(config.library(), pool, config.engine(), config.threads(), config.connections(),
                    window);
            if (config.readFrom().replicas()) {
                // When this fails, the primary's client is closed below as any opened client is.
                client = replicas.readingFrom(client, theirs -> Clients.open(config.library(),
                        theirs.withPoolSize(pool.poolSize())));
            }
            ServerWatch watch = new ServerWatch(settings, admin.nodes(), context.control(), context.progress());
            return new RunSession(startedAt, settings.address(), context, admin, info, keysBefore, client, watch,
                    replicas);
        } catch (RuntimeException | Error e) {
            try (admin; ReplicaSet openedReplicas = replicas; KeyValueClient opened = client) {
                throw e;
            }
        }
    }

    /** Waits for the time the traffic is to start at, when the run was given one; returns at once otherwise. */
    public void awaitTrafficStart() throws InterruptedException {
        context.control().awaitTrafficStart(context.progress());
    }

    /** The server's INFO now, or null when it cannot be read. */
    public ServerInfo latestInfo() {
        return ServerInfos.latest(admin);
    }

    /** The header of the run's result: when it started, the server and client, this JVM, the keys before it. */
    public RunHeader header() {
        return new RunHeader(startedAt, address, ServerDescription.of(info, context.embeddedServer()),
                client.describe(), RunEnvironment.current(), keysBefore);
    }

    /** What stopped the run early, if anything did, and the server's outages until now. */
    public Faults faults() {
        return new Faults(context.control().reason(), watch.outages());
    }

    /** Closes the watch, the client, the replicas' connections, then the admin connection. */
    @Override
    public void close() {
        try (admin; replicas; client; watch) {
            // Closed in reverse order: the watch, the client, the replicas, the admin connection.
        }
    }
}
