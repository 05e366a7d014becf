package dev.metric.mode.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.Protocol;
import dev.metric.client.RespVersion;
import dev.metric.client.ServerAccess;
import dev.metric.client.ServerAddress;
import dev.metric.client.Topology;
import dev.metric.config.FlushPolicy;
import dev.metric.mode.template.TemplateConfig;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSet;
import dev.metric.workload.DataSpec;
import dev.metric.workload.ValueType;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** How {@code -t} names tests, what a bench refuses, and whose keys each test's run takes. */
class BenchConfigTest {

    private static final ClientSettings REDIS = new ClientSettings(new ServerAddress("127.0.0.1", 7000), 0, 1,
            Duration.ofSeconds(2), Duration.ofSeconds(2));
    private static final ClientSettings CLUSTER = new ClientSettings(REDIS.address(), 0, ServerAccess.PLAIN, 1, false,
            REDIS.timeouts(), Topology.CLUSTER, RespVersion.RESP2, Protocol.REDIS, false);

    private static TemplateConfig shape(ClientSettings settings) {
        return TemplateConfig.builder(ClientLibrary.JEDIS, settings, List.of(BenchConfig.Test.SET.command()))
                .data(DataSpec.standard(2048, 7)).flush(FlushPolicy.ALWAYS).build();
    }

    /** The message of the refusal {@code executable} meets. */
    private static String why(Executable executable) {
        return assertThrows(IllegalArgumentException.class, executable).getMessage();
    }

    @Test
    void testsAreNamedAsRedisBenchmarkNamesThemAndRunInTheOrderGiven() {
        assertEquals(List.of(BenchConfig.Test.LPUSH, BenchConfig.Test.SET, BenchConfig.Test.PING,
                BenchConfig.Test.ZPOPMIN), BenchConfig.Test.parse("lpush, SET,ping_mbulk,zpopmin"));
    }

    @Test
    void aNameThatIsNoTestHereIsRefusedWithWhy() {
        assertEquals("-t bogus: unknown test; the tests are ping,set,get,incr,lpush,rpush,lpop,rpop,sadd,hset,spop,"
                + "zadd,zpopmin,xadd", why(() -> BenchConfig.Test.parse("set,bogus")));
        assertTrue(why(() -> BenchConfig.Test.parse("lrange_300"))
                .startsWith("-t lrange_300: not a test of metric bench: its lists"));
        assertTrue(why(() -> BenchConfig.Test.parse("mset")).startsWith("-t mset: not a test of metric bench: "));
        assertTrue(why(() -> BenchConfig.Test.parse("ping_inline")).contains("RESP only"));
        assertEquals("-t lists set twice", why(() -> BenchConfig.Test.parse("set,get,SET")));
        assertTrue(why(() -> BenchConfig.Test.parse("set,,get")).startsWith("-t has an empty name"));
    }

    @Test
    void memcachedAStructuredDataSetAndPingOnAClusterAreRefused() {
        TemplateConfig memcached = TemplateConfig.builder(ClientLibrary.FOLSOM, REDIS.withProtocol(Protocol.MEMCACHED),
                List.of(new CommandTemplate("get __key__", 1))).build();
        List<BenchConfig.Test> get = List.of(BenchConfig.Test.GET);
        assertTrue(why(() -> BenchConfig.of(get, memcached)).startsWith("bench runs redis-benchmark's Redis commands"));
        TemplateConfig hashes = shape(REDIS).toBuilder().data(DataSpec.standard(2048, 7).withType(ValueType.HASH, 4))
                .build();
        assertTrue(why(() -> BenchConfig.of(get, hashes)).contains("a data set of hashes is not for it"));
        assertEquals("-t ping: PING names no key, so a cluster has no node to send it to",
                why(() -> BenchConfig.of(List.of(BenchConfig.Test.SET, BenchConfig.Test.PING), shape(CLUSTER))));
        assertFalse(BenchConfig.defaultTests(true).contains(BenchConfig.Test.PING));
        assertEquals(List.of(BenchConfig.Test.values()), BenchConfig.defaultTests(false));
    }

    /**
     * A family's tests share keys, the families none: GET reads what SET wrote, LPOP what LPUSH
     * pushed, and no test meets a key another family made of another type. All keys are the data
     * set's shape under its prefix, so that --flush and --cleanup know them as metric's.
     */
    @Test
    void eachFamilyOfTestsHasKeysOfItsOwnOfTheDataSetsShape() {
        BenchConfig config = BenchConfig.of(BenchConfig.Test.parse("set,get,incr,lpush,lpop,sadd,hset,zadd,xadd"),
                shape(REDIS));
        DataSet strings = config.run(0).dataSet();
        assertArrayEquals(strings.key(5), config.run(1).dataSet().key(5), "GET reads SET's keys");
        assertArrayEquals(config.run(3).dataSet().key(5), config.run(4).dataSet().key(5), "LPOP pops LPUSH's lists");
        List<Integer> families = List.of(0, 2, 3, 5, 6, 7, 8);
        for (int a : families) {
            DataSet mine = config.run(a).dataSet();
            assertTrue(strings.hasKeyShape(mine.key(5)), "of the data set's shape: " + config.tests().get(a));
            for (int b : families) {
                if (a != b) {
                    DataSet theirs = config.run(b).dataSet();
                    for (int index = 0; index < 2048; index++) {
                        assertFalse(Arrays.equals(mine.key(index), theirs.key(index)),
                                config.tests().get(a) + " and " + config.tests().get(b) + " share key " + index);
                    }
                }
            }
        }
        assertEquals(List.of(new CommandTemplate("SET __key__ __value__", 1)), config.run(0).templates());
        assertEquals(FlushPolicy.ALWAYS, config.run(0).flush(), "the first test flushes as asked");
        assertEquals(FlushPolicy.NEVER, config.run(1).flush(), "the others keep what the tests before wrote");
    }
}
