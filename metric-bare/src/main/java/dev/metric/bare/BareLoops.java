package dev.metric.bare;

import dev.metric.workload.DataSet;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.RedisProtocol;

/**
 * What the bare loops share, so that the closed one ({@link BareGetLoop}) and the paced one
 * ({@link BarePacedLoop}) read the same keys over the same connections and count CPU the same way:
 * the references metric is compared with differ from it, not from each other.
 */
final class BareLoops {

    /** How many keys are sampled from the data set before the clock starts; a power of two. */
    static final int SAMPLED_KEYS = 1 << 16;
    /** mode1's default seed: the bare loops read the keys a default mode1 run wrote. */
    static final long SEED = 1;

    private BareLoops() {
    }

    /** {@link #SAMPLED_KEYS} keys of mode1's data set of {@code kkeys} thousand keys, chosen uniformly at random. */
    static byte[][] sampleKeys(int kkeys) {
        DataSet dataSet = DataSet.standard(SEED, kkeys * 1024);
        SplittableRandom random = new SplittableRandom(SEED);
        byte[][] keys = new byte[SAMPLED_KEYS][];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = dataSet.key(random.nextInt(dataSet.keyCount()));
        }
        return keys;
    }

    /** A JedisPool of one connection per thread, all opened before it is returned, speaking RESP2 as metric does. */
    static JedisPool jedisPool(String host, int port, int threads) {
        GenericObjectPoolConfig<Jedis> config = new GenericObjectPoolConfig<>();
        config.setMaxTotal(threads);
        config.setMaxIdle(threads);
        config.setMinIdle(threads);
        config.setJmxEnabled(false);
        JedisPool pool = new JedisPool(config, new HostAndPort(host, port), DefaultJedisClientConfig.builder()
                .protocol(RedisProtocol.RESP2).clientSetInfoConfig(ClientSetInfoConfig.DISABLED).build());
        try {
            pool.preparePool();
        } catch (Exception e) {
            pool.close();
            throw new IllegalStateException("cannot open " + threads + " connections to " + host + ":" + port, e);
        }
        return pool;
    }

    /** CPU time of this whole process, all threads. */
    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
