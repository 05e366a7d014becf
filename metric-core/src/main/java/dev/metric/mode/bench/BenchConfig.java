package dev.metric.mode.bench;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.metric.client.Protocol;
import dev.metric.config.ClientLanes;
import dev.metric.config.DataSetConfig;
import dev.metric.config.FlushPolicy;
import dev.metric.config.ReadFrom;
import dev.metric.config.TrafficPlan;
import dev.metric.mode.template.TemplateConfig;
import dev.metric.mode.template.TemplateOrder;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.DataSpec;
import dev.metric.workload.KeyDistribution;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A {@code metric bench}: redis-benchmark's tests, each run in turn as a {@code metric run} of one
 * command with the same lanes, data, pace and length, printed with its result.
 *
 * @param clientLanes      the library, connection settings, threads, connections, engine and requests in flight
 * @param data             the keys and values; each family of tests has keys of its own, of another seed
 * @param tests            the tests, in the order they run
 * @param keyDistribution  how each test's keys spread over the data set
 * @param flush            whether to FLUSHDB the database before the first test
 * @param plan             each test's warm-up, measured length and pace
 * @param progressInterval how often progress lines are printed
 */
public record BenchConfig(@JsonUnwrapped ClientLanes clientLanes, DataSpec data, List<Test> tests,
                          KeyDistribution keyDistribution, FlushPolicy flush, @JsonUnwrapped TrafficPlan plan,
                          Duration progressInterval) implements DataSetConfig {

    /**
     * A test of redis-benchmark's, by its {@code -t} name, sending one command over random keys.
     * Each family of tests has keys of its own, so that no test meets a key of another type; a pop
     * reads what its family's pushes left.
     */
    public enum Test {
        PING("PING", Family.STRINGS),
        SET("SET __key__ __value__", Family.STRINGS),
        GET("GET __key__", Family.STRINGS),
        INCR("INCR __key__", Family.COUNTERS),
        LPUSH("LPUSH __key__ __value__", Family.LISTS),
        RPUSH("RPUSH __key__ __value__", Family.LISTS),
        LPOP("LPOP __key__", Family.LISTS),
        RPOP("RPOP __key__", Family.LISTS),
        SADD("SADD __key__ __value__", Family.SETS),
        HSET("HSET __key__ field __value__", Family.HASHES),
        SPOP("SPOP __key__", Family.SETS),
        ZADD("ZADD __key__ 0 __value__", Family.SORTED_SETS),
        ZPOPMIN("ZPOPMIN __key__", Family.SORTED_SETS),
        XADD("XADD __key__ * field __value__", Family.STREAMS);

        /** redis-benchmark's names that are not tests here, and why. */
        private static final List<String[]> REFUSED = List.of(
                new String[] {"ping_inline", "the clients speak RESP only, so PING goes as ping (ping_mbulk)"},
                new String[] {"lrange", "its lists of 100 to 600 elements need a fill first: use metric run"
                        + " --command \"LRANGE __key__ 0 99\" over lists you loaded"},
                new String[] {"mset", "bench's tests are of one key each: metric run --command \"MSET __key__"
                        + " __value__ __key__ __value__ ...\" sends ten, each __key__ a key drawn on its own"});

        private final String template;
        private final Family family;

        Test(String template, Family family) {
            this.template = template;
            this.family = family;
        }

        /** Its {@code -t} name, as redis-benchmark spells it. */
        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The command it sends, {@code __key__} and {@code __value__} filled in per request. */
        public CommandTemplate command() {
            return new CommandTemplate(template, 1);
        }

        /** Whose keys it takes. */
        public Family family() {
            return family;
        }

        /**
         * The tests {@code names} lists ({@code set,get,lpush}), in its order, as redis-benchmark's
         * {@code -t} takes them: any case, {@code ping_mbulk} for ping, {@code lrange_100} and the
         * like for lrange.
         *
         * @throws IllegalArgumentException naming a test that is unknown, not here, or listed twice
         */
        public static List<Test> parse(String names) {
            Set<Test> tests = new LinkedHashSet<>();
            for (String given : names.split(",", -1)) {
                String name = given.strip().toLowerCase(Locale.ROOT);
                Test test = Arrays.stream(values()).filter(each -> each.label().equals(name)
                        || each == PING && name.equals("ping_mbulk")).findFirst().orElseThrow(() -> unknown(name));
                if (!tests.add(test)) {
                    throw new IllegalArgumentException("-t lists " + test.label() + " twice");
                }
            }
            return List.copyOf(tests);
        }

        private static IllegalArgumentException unknown(String name) {
            for (String[] refused : REFUSED) {
                if (name.equals(refused[0]) || name.startsWith(refused[0] + "_")) {
                    return new IllegalArgumentException("-t " + name + ": not a test of metric bench: " + refused[1]);
                }
            }
            return new IllegalArgumentException("-t " + (name.isEmpty() ? "has an empty name" : name + ": unknown test")
                    + "; the tests are " + Arrays.stream(values()).map(Test::label).collect(Collectors.joining(",")));
        }
    }

    /**
     * Tests that share keys: the keys of a family have the data set's names, prefix and lengths but
     * another seed, so that they are other keys, and {@code --flush} and {@code --cleanup} know them
     * all as metric's.
     */
    public enum Family {
        STRINGS, COUNTERS, LISTS, SETS, HASHES, SORTED_SETS, STREAMS;

        /** The seed of its keys: the data set's for strings, which GET reads after SET. */
        long seed(long dataSeed) {
            return dataSeed ^ 0x9E3779B97F4A7C15L * ordinal();
        }

        /** In words: {@code sorted sets}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /**
     * Refuses what a test cannot run: memcached, which has none of these commands, a data set of
     * structures, and PING on a cluster, which names no key to route it by.
     */
    public BenchConfig {
        if (clientLanes.client().protocol() == Protocol.MEMCACHED) {
            throw new IllegalArgumentException("bench runs redis-benchmark's Redis commands; for memcached use metric"
                    + " run --command \"get __key__\"");
        }
        if (data.structured()) {
            throw new IllegalArgumentException("bench writes strings and, under keys of their own, the structures its"
                    + " tests name: a data set of " + data.type().plural() + " is not for it");
        }
        if (tests.isEmpty()) {
            throw new IllegalArgumentException("-t names no test");
        }
        if (clientLanes.client().cluster() && tests.contains(Test.PING)) {
            throw new IllegalArgumentException("-t ping: PING names no key, so a cluster has no node to send it to");
        }
        tests = List.copyOf(tests);
    }

    /** Every test, as redis-benchmark runs them with no {@code -t}; a cluster leaves out ping. */
    public static List<Test> defaultTests(boolean cluster) {
        List<Test> tests = new ArrayList<>(Arrays.asList(Test.values()));
        if (cluster) {
            tests.remove(Test.PING);
        }
        return tests;
    }

    /**
     * The bench of {@code tests} with {@code shape}'s lanes, data, key distribution, flush, plan and
     * progress; each test's {@code metric run} is checked as {@code run} checks its own.
     */
    public static BenchConfig of(List<Test> tests, TemplateConfig shape) {
        BenchConfig config = new BenchConfig(shape.clientLanes(), shape.data(), tests, shape.keyDistribution(),
                shape.flush(), shape.plan(), shape.progressInterval());
        for (int t = 0; t < tests.size(); t++) {
            config.run(t);
        }
        return config;
    }

    /**
     * The {@code metric run} of the {@code t}-th test: its command over its family's keys; only the
     * first test may flush, for the others find the keys of the ones before.
     */
    public TemplateConfig run(int t) {
        Test test = tests.get(t);
        DataSpec keys = new DataSpec(data.keys(), test.family().seed(data.seed()), data.keyPrefix(), data.keySizes(),
                data.valueSizes());
        return new TemplateConfig(clientLanes, keys, List.of(test.command()), keyDistribution,
                t == 0 ? flush : FlushPolicy.NEVER, plan, progressInterval, ReadFrom.PRIMARY, null,
                TemplateOrder.DRAWN);
    }
}
