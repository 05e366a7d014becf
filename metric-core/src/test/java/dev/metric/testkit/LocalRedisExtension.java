package dev.metric.testkit;

import dev.metric.server.LocalMemcachedServer;
import dev.metric.server.LocalRedisCluster;
import dev.metric.server.LocalRedisServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Starts real redis-servers for integration tests and hands them to the constructor, lifecycle
 * and test methods that declare them as parameters, so no test class copies the start and stop.
 *
 * <ul>
 *   <li>a {@link LocalRedisServer} parameter gets the test class's server: one per class, on a
 *       free loopback port, stopped after the class;</li>
 *   <li>a {@link LocalRedisCluster} parameter gets the test class's cluster of
 *       {@value #CLUSTER_MASTERS} masters without replicas, stopped after the class;</li>
 *   <li>a {@link LocalMemcachedServer} parameter gets the test class's memcached: one per class,
 *       with memcached's default threads, on a free loopback port, stopped after the class. Where
 *       there is no memcached on PATH, the tests that ask for one are skipped, saying so ({@link
 *       #requireMemcached}), unless {@value #REQUIRE_MEMCACHED} is set, as CI sets it: they then
 *       fail;</li>
 *   <li>a {@link RedisServers} parameter starts servers and clusters of a test's own choosing
 *       (options, port, shape), stopped when the scope that asked for it ends: the class for a
 *       {@code @BeforeAll} method, the test for a test method.</li>
 * </ul>
 *
 * <p>Modelled on Lettuce's {@code LettuceExtension}: resources are parameters, not fields the
 * extension writes into.
 */
public final class LocalRedisExtension implements ParameterResolver, ExecutionCondition {

    static final int CLUSTER_MASTERS = 3;
    /** Set (to anything), the memcached tests fail where there is no memcached instead of being skipped. */
    public static final String REQUIRE_MEMCACHED = "METRIC_REQUIRE_MEMCACHED";
    private static final String MEMCACHED_MISSING = "no memcached on PATH (Debian: apt-get install -y memcached)";
    private static final Duration CLUSTER_NODE_TIMEOUT = Duration.ofSeconds(5);
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(
            LocalRedisExtension.class);
    private static final Set<Class<?>> RESOLVED = Set.of(LocalRedisServer.class, LocalRedisCluster.class,
            LocalMemcachedServer.class, RedisServers.class);

    /**
     * Skips a test class that asks for a memcached, in any of its methods or constructors, where
     * there is none and {@value #REQUIRE_MEMCACHED} is not set: skipped as a class, since an abort
     * while resolving a {@code @BeforeAll} method's parameter would fail it instead.
     */
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Class<?> testClass = context.getTestClass().orElse(null);
        if (context.getTestMethod().isPresent() || testClass == null || !asksForMemcached(testClass)
                || LocalMemcachedServer.available() || System.getenv(REQUIRE_MEMCACHED) != null) {
            return ConditionEvaluationResult.enabled("no memcached needed, or one is on PATH");
        }
        return ConditionEvaluationResult.disabled(MEMCACHED_MISSING + ": the memcached tests are skipped");
    }

    private static boolean asksForMemcached(Class<?> testClass) {
        return Stream.concat(Arrays.stream(testClass.getDeclaredMethods()),
                        Arrays.stream(testClass.getDeclaredConstructors()))
                .flatMap(executable -> Arrays.stream(executable.getParameterTypes()))
                .anyMatch(LocalMemcachedServer.class::equals);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return RESOLVED.contains(parameter.getParameter().getType());
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        if (type == RedisServers.class) {
            // Keyed by this context alone: a store also answers from its parents' stores, which
            // would hand a test the class's servers and keep the test's own running past it.
            return context.getStore(NAMESPACE).computeIfAbsent(context.getUniqueId(), key -> new RedisServers(),
                    RedisServers.class);
        }
        ExtensionContext.Store classStore = classContext(context).getStore(NAMESPACE);
        if (type == LocalRedisServer.class) {
            return classStore.computeIfAbsent(LocalRedisServer.class, key -> started(
                    LocalRedisServer::startOnFreePort), LocalRedisServer.class);
        }
        if (type == LocalMemcachedServer.class) {
            requireMemcached();
            return classStore.computeIfAbsent(LocalMemcachedServer.class, key -> started(
                    LocalMemcachedServer::startOnFreePort), LocalMemcachedServer.class);
        }
        return classStore.computeIfAbsent(LocalRedisCluster.class, key -> started(
                () -> LocalRedisCluster.start(CLUSTER_MASTERS, 0, CLUSTER_NODE_TIMEOUT)), LocalRedisCluster.class);
    }

    /** The context of the test class: what a class-wide server lives and dies with. */
    private static ExtensionContext classContext(ExtensionContext context) {
        ExtensionContext current = context;
        while (current.getTestMethod().isPresent() && current.getParent().isPresent()) {
            current = current.getParent().get();
        }
        return current;
    }

    /**
     * Skips the calling test when there is no memcached on PATH, which metric has no build of its own
     * of, so that the tests pass on a machine with a JDK and Maven alone; fails it instead when the
     * environment variable {@value #REQUIRE_MEMCACHED} is set.
     */
    public static void requireMemcached() {
        if (LocalMemcachedServer.available()) {
            return;
        }
        if (System.getenv(REQUIRE_MEMCACHED) != null) {
            throw new IllegalStateException(MEMCACHED_MISSING + ", and " + REQUIRE_MEMCACHED + " is set");
        }
        Assumptions.abort(MEMCACHED_MISSING + ": the memcached tests are skipped");
    }

    private static <T> T started(Start<T> start) {
        try {
            return start.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FunctionalInterface
    interface Start<T> {
        T start() throws IOException;
    }
}
