package dev.metric.run;

import dev.metric.client.ClientSettings;
import dev.metric.client.KeyValueClient;
import dev.metric.client.ReplicaReadsClient;
import dev.metric.client.ServerAddress;
import dev.metric.config.ReplicaChoice;
import dev.metric.pacing.NanoClock;
import dev.metric.result.ReplicaLag;
import dev.metric.server.Replication;
import dev.metric.server.ServerAdmin;
import dev.metric.server.ServerInfo;
import dev.metric.server.ServerUnreachableException;
import dev.metric.server.TargetAdmin;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingMessage;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The replicas of a run's primary that the run reads back ({@link ReplicaChoice}): found in the
 * primary's {@code INFO replication} or named, each checked to be a replica of this primary before
 * anything is written or deleted; how far each is behind; and the wait, before they are read,
 * until each has applied what the primary has written. Only one Redis server has replicas to read:
 * a cluster's or memcached's admin connection is no {@link ServerAdmin}, and they have none.
 */
public final class ReplicaSet implements AutoCloseable {

    /** No replica is read. */
    public static final ReplicaSet NONE = new ReplicaSet(null, List.of(), ReplicaChoice.NONE);

    /** Between two rounds of asking each replica whether it has caught up. */
    private static final long POLL_PAUSE_NANOS = 100_000;

    /**
     * A replica the run reads.
     *
     * @param address  where it listens
     * @param settings the run's client settings, for this address
     * @param admin    a connection for its INFO and for the reads of the wait
     */
    public record Replica(ServerAddress address, ClientSettings settings, ServerAdmin admin) {
    }

    private final ServerAdmin primary;
    private final List<Replica> replicas;
    private final ReplicaChoice choice;

    private ReplicaSet(ServerAdmin primary, List<Replica> replicas, ReplicaChoice choice) {
        this.primary = primary;
        this.replicas = replicas;
        this.choice = choice;
    }

    /**
     * Connects to the replicas {@code choice} names, or to those {@code info} (the primary's INFO)
     * lists, and checks that each is a replica of this primary. A run through Sentinels reads none:
     * which server is a replica changes with a failover.
     *
     * @throws ServerUnreachableException when one cannot be reached
     * @throws RunRefusedException        when one is not a replica of this primary
     */
    public static ReplicaSet open(ReplicaChoice choice, ClientSettings settings, TargetAdmin admin, ServerInfo info) {
        if (settings.sentinels() != null && !choice.named().isEmpty()) {
            throw new RunRefusedException(SettingMessage.of(Setting.REPLICA, " with ", Setting.SENTINEL,
                    ": a failover swaps the replicas' places, so a run through Sentinels reads none back; read them"
                            + " in a run given the primary itself"));
        }
        if (!choice.any() || settings.sentinels() != null || !(admin instanceof ServerAdmin primary)) {
            return NONE;
        }
        Replication stream = Replication.of(info);
        List<ServerAddress> addresses = choice.found()
                ? stream.replicas().stream().map(Replication.Listed::address).toList() : choice.named();
        List<Replica> opened = new ArrayList<>();
        try {
            for (ServerAddress address : addresses) {
                ClientSettings theirs = settings.withAddress(address);
                opened.add(new Replica(address, theirs, connect(theirs, choice.found())));
                checkFollows(opened.get(opened.size() - 1).admin().replication(), stream, address,
                        settings.address());
            }
        } catch (RuntimeException | Error e) {
            opened.forEach(replica -> replica.admin().close());
            throw e;
        }
        return opened.isEmpty() ? NONE : new ReplicaSet(primary, List.copyOf(opened), choice);
    }

    private static ServerAdmin connect(ClientSettings settings, boolean found) {
        try {
            return ServerAdmin.connect(settings);
        } catch (ServerUnreachableException e) {
            if (!found) {
                throw e;
            }
            throw new ServerUnreachableException(e.settingMessage().followedBy("; the primary lists it as a replica"
                    + " there: name its replicas where metric can reach them with ", Setting.REPLICA,
                    ", or read none with ", Setting.NO_REPLICAS), e.refused(), e);
        }
    }

    /** Refuses {@code replica} unless it replicates {@code primary}'s stream, or follows its address while syncing. */
    private static void checkFollows(Replication replica, Replication primary, ServerAddress address,
                                     ServerAddress primaryAddress) {
        if (!replica.isReplica()) {
            throw new RunRefusedException(SettingMessage.of(Setting.REPLICA, " " + address + " is not a replica: its"
                    + " role is " + replica.role()));
        }
        boolean sameStream = !primary.replid().isEmpty() && primary.replid().equals(replica.replid());
        if (!sameStream && !(!replica.linkUp() && primaryAddress.equals(replica.primary()))) {
            throw new RunRefusedException(SettingMessage.of(Setting.REPLICA, " " + address + " is a replica of "
                    + replica.primary() + ", not of " + primaryAddress + " (their replication ids differ)"));
        }
    }

    /**
     * How far behind the primary each replica is now, in bytes of the primary's replication
     * stream it has not applied; -1 where either offset is unknown.
     */
    public long[] bytesBehind() {
        long[] behind = new long[replicas.size()];
        if (replicas.isEmpty()) {
            return behind;
        }
        long written = primary.replication().offset();
        for (int i = 0; i < behind.length; i++) {
            long applied = replicas.get(i).admin().replication().offset();
            behind[i] = written < 0 || applied < 0 ? -1 : Math.max(0, written - applied);
        }
        return behind;
    }

    /**
     * Waits, at most the choice's catch-up time, until each replica has applied what the primary has
     * written until now: a new value of the run's marker ({@code own}) written to the primary and
     * read back from each replica, or, where it cannot be written (no marker of metric's in the
     * database, or a server refusing writes), each replica's offset reaching the primary's.
     *
     * @param behind each replica's {@link #bytesBehind} when the run's writes were acknowledged
     * @return each replica's lag, in order
     */
    private List<ReplicaLag> awaitCaughtUp(OwnKeys own, long[] behind, NanoClock clock, RunControl control) {
        byte[] marker = own.marker();
        byte[] value = null;
        if (own.marks() && own.isMarkerValue(primary.read(marker))) {
            byte[] rewritten = (new String(own.markerValue(), StandardCharsets.UTF_8) + "; rewritten at "
                    + Instant.now() + " (" + clock.nanoTime() + ") to time its replicas")
                    .getBytes(StandardCharsets.UTF_8);
            value = primary.overwrite(marker, rewritten) ? rewritten : null;
        }
        long target = value == null ? primary.replication().offset() : -1;
        long start = clock.nanoTime();
        long deadline = start + choice.catchUp().toNanos();
        double[] millis = new double[replicas.size()];
        Arrays.fill(millis, Double.NaN);
        int waiting = millis.length;
        while (waiting > 0 && !control.stopped()) {
            for (int i = 0; i < millis.length; i++) {
                if (Double.isNaN(millis[i]) && applied(replicas.get(i).admin(), marker, value, target)) {
                    millis[i] = (clock.nanoTime() - start) / 1e6;
                    waiting--;
                }
            }
            if (waiting > 0 && clock.nanoTime() - deadline >= 0) {
                break;
            }
            if (waiting > 0) {
                LockSupport.parkNanos(POLL_PAUSE_NANOS);
            }
        }
        List<ReplicaLag> lags = new ArrayList<>();
        for (int i = 0; i < millis.length; i++) {
            lags.add(new ReplicaLag(i < behind.length ? behind[i] : -1, millis[i],
                    value != null ? "marker" : "offset"));
        }
        return List.copyOf(lags);
    }

    /** Whether {@code replica} holds the marker's new {@code value}, or, without one, has applied {@code target}. */
    private static boolean applied(ServerAdmin replica, byte[] marker, byte[] value, long target) {
        if (value != null) {
            return Arrays.equals(value, replica.read(marker));
        }
        long offset = replica.replication().offset();
        return target >= 0 && offset >= target;
    }

    /** Reads one replica once it has caught up. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(Replica replica) throws InterruptedException;
    }

    /**
     * A replica's part of a run's read-back.
     *
     * @param replica the replica
     * @param lag     how far behind it was and how long it took to catch up
     * @param found   what reading it found; null when it did not catch up, or the run was stopped first
     */
    public record ReadBack<T>(Replica replica, ReplicaLag lag, T found) {
    }

    /**
     * Waits for the replicas to catch up ({@link #awaitCaughtUp}), then reads each that did with
     * {@code reader}, saying so on {@code progress}.
     *
     * @param behind each replica's {@link #bytesBehind} when the run's writes ended; null to read them now
     */
    public <T> List<ReadBack<T>> readBack(OwnKeys own, long[] behind, RunControl control, Consumer<String> progress,
                                         Reader<T> reader) throws InterruptedException {
        if (replicas.isEmpty() || control.stopped()) {
            return List.of();
        }
        progress.accept(String.format(Locale.ROOT, "replicas: waiting for %d replica%s to apply the primary's writes",
                replicas.size(), replicas.size() == 1 ? "" : "s"));
        List<ReplicaLag> lags = awaitCaughtUp(own, behind != null ? behind : bytesBehind(), NanoClock.SYSTEM,
                control);
        List<ReadBack<T>> read = new ArrayList<>();
        for (int i = 0; i < lags.size(); i++) {
            Replica replica = replicas.get(i);
            ReplicaLag lag = lags.get(i);
            T found = null;
            if (!lag.caughtUp()) {
                progress.accept(String.format(Locale.ROOT, "replica %s: did not catch up within %d s, so it is not"
                        + " read", replica.address(), choice.catchUp().toSeconds()));
            } else if (!control.stopped()) {
                progress.accept(String.format(Locale.ROOT, "replica %s: caught up in %.1f ms; reading every key once",
                        replica.address(), lag.catchUpMillis()));
                found = reader.read(replica);
            }
            read.add(new ReadBack<>(replica, lag, found));
        }
        return List.copyOf(read);
    }

    /**
     * Wraps {@code primary}, the run's client, into one that also opens a client of the same library
     * and pooling on each replica (by {@code open}), for a run whose reads go to replicas.
     *
     * @throws RunRefusedException when there is no replica to read from
     */
    public KeyValueClient readingFrom(KeyValueClient primary, Function<ClientSettings, KeyValueClient> open) {
        if (replicas.isEmpty()) {
            throw new RunRefusedException(SettingMessage.of(Setting.READ_FROM, ": the server lists no replica to read"
                    + " from in INFO replication (name them with ", Setting.REPLICA, ")"));
        }
        List<KeyValueClient> opened = new ArrayList<>();
        try {
            for (Replica replica : replicas) {
                opened.add(open.apply(replica.settings()));
            }
        } catch (RuntimeException | Error e) {
            opened.forEach(KeyValueClient::close);
            throw e;
        }
        return new ReplicaReadsClient(primary, opened);
    }

    /** Closes the connections to the replicas; the primary's is the run's own. */
    @Override
    public void close() {
        replicas.forEach(replica -> replica.admin().close());
    }
}
