package dev.metric.client;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A primary's client and its replicas' clients as one, for runs that read from replicas
 * ({@code --read-from}): each lease takes a connection to the primary and one to a replica (the
 * replicas taken in turn, lease by lease), sends each request marked {@link Request#toReplica} to
 * the replica and every other to the primary, and flushes both, as an application that reads from
 * replicas and writes to the primary does. Every request is stamped by the binding that sends it,
 * as in any run.
 */
public final class ReplicaReadsClient implements KeyValueClient {

    private final KeyValueClient primary;
    private final List<KeyValueClient> replicas;
    private final AtomicInteger next = new AtomicInteger();
    private final ClientDescription description;

    /**
     * @param primary  the client of the primary, which gets the writes and the reads not marked
     * @param replicas one client per replica, opened with the primary's settings at its address
     */
    public ReplicaReadsClient(KeyValueClient primary, List<KeyValueClient> replicas) {
        if (replicas.isEmpty()) {
            throw new IllegalArgumentException("reads from replicas need at least one replica");
        }
        this.primary = primary;
        this.replicas = List.copyOf(replicas);
        ClientDescription own = primary.describe();
        this.description = new ClientDescription(own.library(), own.version(), own.protocol(),
                own.connections() * (1 + replicas.size()), own.pooling() + ", and as many to each of "
                + replicas.size() + (replicas.size() == 1 ? " replica" : " replicas") + " for the reads sent there",
                own.replyTiming(), own.asynchronous());
    }

    @Override
    public ClientDescription describe() {
        return description;
    }

    @Override
    public boolean asynchronous() {
        return primary.asynchronous();
    }

    /** A connection to the primary and one to the next replica in turn. */
    @Override
    public Lease lease() {
        Lease toPrimary = primary.lease();
        try {
            return new RoutedLease(toPrimary, replicas.get(Math.floorMod(next.getAndIncrement(), replicas.size()))
                    .lease());
        } catch (RuntimeException | Error e) {
            toPrimary.close();
            throw e;
        }
    }

    /** Closes every connection, the replicas' first. */
    @Override
    public void close() {
        try (KeyValueClient last = primary) {
            for (KeyValueClient replica : replicas) {
                replica.close();
            }
        }
    }

    /** A lease on both: reads marked for a replica go to its replica's lease, the rest to the primary's. */
    private static final class RoutedLease implements Lease {

        private final Lease primary;
        private final Lease replica;
        private boolean primarySent;
        private boolean replicaSent;

        RoutedLease(Lease primary, Lease replica) {
            this.primary = primary;
            this.replica = replica;
        }

        @Override
        public byte[] get(byte[] key) {
            return primary.get(key);
        }

        @Override
        public void set(byte[] key, byte[] value) {
            primary.set(key, value);
        }

        @Override
        public void send(Request request) {
            if (request.toReplica()) {
                replica.send(request);
                replicaSent = true;
            } else {
                primary.send(request);
                primarySent = true;
            }
        }

        @Override
        public void flush() {
            if (primarySent) {
                primarySent = false;
                primary.flush();
            }
            if (replicaSent) {
                replicaSent = false;
                replica.flush();
            }
        }

        @Override
        public void close() {
            try (Lease first = replica) {
                primary.close();
            }
        }
    }
}
