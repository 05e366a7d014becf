package dev.metric.client.jedis;

import static dev.metric.client.ClientException.oneLine;

import dev.metric.client.ClientException;
import dev.metric.client.ConnectionFailedException;
import dev.metric.client.Sentinels;
import dev.metric.client.ServerAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Asks Redis Sentinels which server is the primary they know by a name ({@code SENTINEL
 * get-master-addr-by-name}), the first that answers: what the run, its admin connection and
 * every Jedis connection opened after a failover ask, so that they all go where Lettuce's
 * Sentinel support goes.
 */
public final class SentinelLookup {

    private SentinelLookup() {
    }

    /**
     * Thrown when the Sentinels answer but none knows the master's name (or what answered is no
     * Sentinel): a mistake in the command line, not an unreachable server.
     */
    public static final class UnknownMasterException extends IllegalArgumentException {

        private static final long serialVersionUID = 1L;

        UnknownMasterException(String message) {
            super(message);
        }
    }

    /**
     * The primary's address as the first Sentinel that knows it says.
     *
     * @throws UnknownMasterException     when every Sentinel that answered does not know the name
     * @throws ConnectionFailedException  when no Sentinel answers at all
     */
    public static ServerAddress primary(Sentinels sentinels, Duration timeout) {
        return ask(sentinels, timeout, jedis -> primary(jedis, sentinels.master()));
    }

    /**
     * The primary and the replicas the first Sentinel that knows the primary lists: the servers
     * that may serve the run after a failover.
     *
     * @throws UnknownMasterException     when every Sentinel that answered does not know the name
     * @throws ConnectionFailedException  when no Sentinel answers at all
     */
    public static List<ServerAddress> servers(Sentinels sentinels, Duration timeout) {
        return ask(sentinels, timeout, jedis -> {
            ServerAddress primary = primary(jedis, sentinels.master());
            if (primary == null) {
                return null;
            }
            List<ServerAddress> servers = new ArrayList<>(List.of(primary));
            for (Map<String, String> replica : jedis.sentinelReplicas(sentinels.master())) {
                servers.add(new ServerAddress(replica.get("ip"), Integer.parseInt(replica.get("port"))));
            }
            return List.copyOf(servers);
        });
    }

    private static ServerAddress primary(Jedis sentinel, String master) {
        List<String> reply = sentinel.sentinelGetMasterAddrByName(master);
        return reply != null && reply.size() == 2 ? new ServerAddress(reply.get(0), Integer.parseInt(reply.get(1)))
                : null;
    }

    /** The first answer to {@code question}, asked of each Sentinel in turn; null: it knows no such master. */
    private static <T> T ask(Sentinels sentinels, Duration timeout, Function<Jedis, T> question) {
        List<String> unknowing = new ArrayList<>();
        List<String> unreachable = new ArrayList<>();
        int millis = Math.toIntExact(timeout.toMillis());
        DefaultJedisClientConfig config = DefaultJedisClientConfig.builder().connectionTimeoutMillis(millis)
                .socketTimeoutMillis(millis).clientName("metric-sentinel-lookup").build();
        for (ServerAddress sentinel : sentinels.addresses()) {
            try (Jedis jedis = new Jedis(new HostAndPort(sentinel.host(), sentinel.port()), config)) {
                T answer = question.apply(jedis);
                if (answer != null) {
                    return answer;
                }
                unknowing.add("the Sentinel at " + sentinel + " knows no master named " + sentinels.master());
            } catch (JedisDataException e) {
                unknowing.add(sentinel + " is not a Sentinel (it answered " + oneLine(e.getMessage()) + ")");
            } catch (JedisException e) {
                unreachable.add(sentinel + ": " + ClientException.describe(ClientException.rootCause(e)));
            }
        }
        if (!unknowing.isEmpty()) {
            throw new UnknownMasterException(String.join("; ", unknowing)
                    + (unreachable.isEmpty() ? "" : "; and no answer from " + String.join(", ", unreachable)));
        }
        throw new ConnectionFailedException("no Sentinel answers: " + String.join("; ", unreachable), null);
    }

}
