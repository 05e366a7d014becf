package dev.metric.server;

import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingMessage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * {@link TargetAdmin} of a Redis Cluster: a connection to every master that serves slots, found
 * from the node the user named. INFO is read from each master and added up; counts, flushes and
 * cleanups go to each. When a master cannot be reached (it failed over, say), the masters are
 * found again from any node that answers, and the command is tried once more on them.
 */
public final class ClusterAdmin implements TargetAdmin {

    private final ClientSettings settings;
    private List<ServerAdmin> masters;
    private ClusterTopology topology;

    private ClusterAdmin(ClientSettings settings, ClusterTopology topology, List<ServerAdmin> masters) {
        this.settings = settings;
        this.topology = topology;
        this.masters = masters;
    }

    /**
     * Connects to the node {@code settings} name, asks it for the cluster's masters and connects
     * to each.
     *
     * @throws ServerUnreachableException when a node cannot be reached, the node is not in a
     *                                    cluster, or some slots have no master
     */
    public static ClusterAdmin connect(ClientSettings settings) {
        ClusterTopology topology = discover(settings, List.of(settings.address()));
        return new ClusterAdmin(settings, topology, connectAll(settings, topology));
    }

    private static ClusterTopology discover(ClientSettings settings, List<ServerAddress> candidates) {
        ServerUnreachableException last = null;
        for (ServerAddress candidate : candidates) {
            try (ServerAdmin node = ServerAdmin.connect(candidate, settings.access(), 0, settings.connectTimeout(),
                    settings.commandTimeout())) {
                if (!"cluster".equals(node.info().mode())) {
                    throw new ServerUnreachableException(SettingMessage.of("the server at " + candidate
                            + " is not in cluster mode (cluster-enabled no): leave out ", Setting.CLUSTER), false,
                            null);
                }
                ClusterTopology topology = ClusterTopology.parse(node.clusterNodes(), candidate.host());
                if (topology.uncoveredSlots() > 0) {
                    throw new ServerUnreachableException("the cluster at " + candidate + " has no master for "
                            + topology.uncoveredSlots() + " of " + ClusterTopology.SLOTS
                            + " hash slots: it cannot take every key", false, null);
                }
                return topology;
            } catch (ServerUnreachableException e) {
                last = e;
            }
        }
        throw last;
    }

    private static List<ServerAdmin> connectAll(ClientSettings settings, ClusterTopology topology) {
        List<ServerAdmin> admins = new ArrayList<>();
        try {
            for (ClusterTopology.Master master : topology.masters()) {
                admins.add(ServerAdmin.connect(master.address(), settings.access(), 0, settings.connectTimeout(),
                        settings.commandTimeout()));
            }
            return admins;
        } catch (ServerUnreachableException e) {
            admins.forEach(ServerAdmin::close);
            throw e;
        }
    }

    @Override
    public String describe() {
        return "the cluster of " + topology.masters().size() + " masters ("
                + nodes().stream().map(ServerAddress::toString).collect(Collectors.joining(", ")) + ")";
    }

    @Override
    public List<ServerAddress> nodes() {
        return topology.masters().stream().map(ClusterTopology.Master::address).toList();
    }

    /** Reads the masters' INFO and the slots each serves now, after any slot migration or failover. */
    @Override
    public ServerInfo info() {
        return onMasters(() -> {
            followSlotChanges();
            List<ServerInfo.Node> readings = new ArrayList<>();
            for (int i = 0; i < masters.size(); i++) {
                ClusterTopology.Master master = topology.masters().get(i);
                readings.add(new ServerInfo.Node(master.address(), master.slots(), masters.get(i).info()));
            }
            return ServerInfo.ofCluster(readings);
        });
    }

    /**
     * Takes the slot counts the first master tells now; when the masters themselves changed,
     * throws so that {@link #onMasters} connects to the new ones.
     */
    private void followSlotChanges() {
        ClusterTopology now = ClusterTopology.parse(masters.get(0).clusterNodes(), masters.get(0).address().host());
        if (!now.masters().stream().map(ClusterTopology.Master::address).toList().equals(nodes())) {
            throw new ServerUnreachableException("the cluster's masters changed", false, null);
        }
        topology = now;
    }

    /** Not looked at: each key lives on the master that serves its slot, which is not tracked here. */
    @Override
    public Optional<List<byte[]>> peek(List<byte[]> keys) {
        return Optional.empty();
    }

    @Override
    public long dbSize() {
        return sum(ServerAdmin::dbSize);
    }

    @Override
    public OptionalLong countKeys(Predicate<byte[]> counted) {
        return OptionalLong.of(sum(master -> master.countKeys(counted).orElseThrow()));
    }

    @Override
    public long unlinkKeys(String prefix, Predicate<byte[]> removed) {
        return sum(master -> master.unlinkKeys(prefix, removed));
    }

    /** Asks every master: the one serving the key answers, the others redirect, which reads as none. */
    @Override
    public byte[] read(byte[] key) {
        return onMasters(() -> masters.stream().map(master -> master.read(key)).filter(Objects::nonNull)
                .findFirst().orElse(null));
    }

    /** Offers the key to every master until the one serving it answers. */
    @Override
    public String add(byte[] key, byte[] value) {
        return onMasters(() -> {
            for (ServerAdmin master : masters) {
                ServerAdmin.Added added = master.addHere(key, value);
                if (added.servedHere()) {
                    return added.refusal();
                }
            }
            throw new ServerUnreachableException("no master of " + describe() + " serves the key "
                    + new String(key, StandardCharsets.UTF_8), false, null);
        });
    }

    /** The first master's: every node of a cluster runs the same server. */
    @Override
    public Optional<Set<String>> commandNames() {
        return onMasters(() -> masters.get(0).commandNames());
    }

    /** Asks every master: the one serving the key deletes it, the others redirect, which each ignores. */
    @Override
    public void delete(byte[] key) {
        onMasters(() -> {
            masters.forEach(master -> master.delete(key));
            return null;
        });
    }

    @Override
    public void flushDb() {
        sum(master -> {
            master.flushDb();
            return 0;
        });
    }

    private long sum(ToLongFunction<ServerAdmin> command) {
        return onMasters(() -> masters.stream().mapToLong(command).sum());
    }

    /** Runs {@code command} on the masters; when one is gone, finds the masters again and retries once. */
    private <T> T onMasters(java.util.function.Supplier<T> command) {
        try {
            return command.get();
        } catch (ServerUnreachableException gone) {
            List<ServerAddress> known = nodes();
            ClusterTopology found = discover(settings, known);
            List<ServerAdmin> reconnected = connectAll(settings, found);
            masters.forEach(ServerAdmin::close);
            masters = reconnected;
            topology = found;
            return command.get();
        }
    }

    @Override
    public void close() {
        masters.forEach(ServerAdmin::close);
    }
}
