package dev.metric.jmh.suite;

import static dev.metric.jmh.suite.SuiteParameters.KEY;
import static dev.metric.jmh.suite.SuiteParameters.KEY_SIZES;
import static dev.metric.jmh.suite.SuiteParameters.LIBRARIES;
import static dev.metric.jmh.suite.SuiteParameters.MEMCACHED_LIBRARIES;
import static dev.metric.jmh.suite.SuiteParameters.POOL_SIZES;
import static dev.metric.jmh.suite.SuiteParameters.POOL_THREADS;
import static dev.metric.jmh.suite.SuiteParameters.ROUND_TRIP_CLIENTS;
import static dev.metric.jmh.suite.SuiteParameters.ROUND_TRIP_THREADS;
import static dev.metric.jmh.suite.SuiteParameters.VALUE;
import static dev.metric.jmh.suite.SuiteParameters.VALUE_SIZES;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Turns the suite's JMH results into {@code SUMMARY.md}: each library's client cost per request,
 * pool cost by pool size and threads, the split of a round trip into server and network, and the
 * in-process floor. A figure the results lack shows as a dash rather than stopping the summary,
 * so a partial run still summarises what it measured.
 */
public final class SummaryWriter {

    private final List<JmhScore> scores;
    private final String machine;
    private final StringBuilder out = new StringBuilder();

    private SummaryWriter(List<JmhScore> scores, String machine) {
        this.scores = scores;
        this.machine = machine;
    }

    /**
     * The summary of {@code scores}, as Markdown.
     *
     * @param machine the machine they were measured on, in words
     */
    public static String write(List<JmhScore> scores, String machine) {
        return new SummaryWriter(scores, machine).write();
    }

    private String write() {
        out.append("# What the client, the pool, the network and the server each cost\n\n");
        out.append("Generated from JMH's JSON beside this file by `dev.metric.jmh.suite.BenchmarkSuite`;"
                + " do not edit.\n\n");
        describeRun();
        headline();
        encode();
        decode();
        pool();
        roundTrip("get", "GET", "encodeGet", "decodeBulk");
        roundTrip("set", "SET", "encodeSet", "decodeStatus");
        inProcess();
        memcachedClients();
        harness();
        return out.toString();
    }

    private void describeRun() {
        if (scores.isEmpty()) {
            out.append("\nNo results.\n");
            return;
        }
        JmhScore.Run first = scores.get(0).run();
        if (first.forks() == 0) {
            out.append(String.format(Locale.ROOT, "**Smoke run**: %d measured iteration(s) of %s per benchmark, all"
                            + " in one JVM (no fork), so that they share one JIT profile. It shows that every benchmark"
                            + " runs; its figures are not to be quoted. `scripts/jmh-publish.sh full` runs %d forks of"
                            + " 5 × 1 s.%n%n", first.iterations(), first.iterationTime(), BenchmarkSuite.FULL_FORKS));
        } else if (first.forks() < BenchmarkSuite.FULL_FORKS) {
            out.append(String.format(Locale.ROOT, "**Short run**: %d measured iteration(s) of %s in %d fork(s) per"
                            + " benchmark; its figures are indicative only. `scripts/jmh-publish.sh full` runs %d"
                            + " forks of 5 × 1 s.%n%n", first.iterations(), first.iterationTime(), first.forks(),
                    BenchmarkSuite.FULL_FORKS));
        } else {
            out.append(String.format(Locale.ROOT, "Full suite: %d measured iterations of %s in each of %d forks per"
                    + " benchmark.%n%n", first.iterations(), first.iterationTime(), first.forks()));
        }
        out.append(String.format(Locale.ROOT, "%d results; JMH %s on JDK %s; machine: %s. Figures are means; ± is"
                        + " JMH's 99.9%% error where it has one.%n", scores.size(), first.jmhVersion(),
                first.jdkVersion(), machine));
    }

    private void headline() {
        heading("Client cost per request, key " + KEY + " B, value " + VALUE + " B (ns)");
        out.append("Encode the command and parse its reply, in memory; the pool column is one borrow and return "
                + "on one thread. No network, no server.\n\n");
        row("library", "GET: encode + decode", "SET: encode + decode", "borrow + return, pool of 8",
                "borrow + return, shared connection");
        rule(5);
        for (String library : LIBRARIES) {
            row(library,
                    ns(sum(codec("encodeGet", library, KEY, null), codec("decodeBulk", library, null, VALUE))),
                    ns(sum(codec("encodeSet", library, KEY, VALUE), codec("decodeStatus", library, null, null))),
                    ns(score("PoolBenchmark.borrowAndReturn", 1, "client", library, "poolSize", "8")),
                    library.equals("lettuce") ? ns(score("PoolBenchmark.baselineShared", 1)) : "n/a");
        }
    }

    private void encode() {
        heading("Encode (ns/op)");
        List<String> header = new ArrayList<>(List.of("key B", "value B"));
        for (String library : LIBRARIES) {
            header.add(library + " SET");
        }
        header.add("hand-written SET (baseline)");
        for (String library : LIBRARIES) {
            header.add(library + " GET");
        }
        row(header.toArray(String[]::new));
        rule(header.size());
        for (String key : KEY_SIZES) {
            for (String value : VALUE_SIZES) {
                List<String> cells = new ArrayList<>(List.of(key, value));
                for (String library : LIBRARIES) {
                    cells.add(withError("EncodeBenchmark.encodeSet", 1, "client", library, "keyBytes", key,
                            "valueBytes", value));
                }
                cells.add(withError("EncodeBenchmark.baselineSet", 1, "keyBytes", key, "valueBytes", value));
                for (String library : LIBRARIES) {
                    cells.add(value.equals(VALUE_SIZES.get(0))
                            ? withError("EncodeBenchmark.encodeGet", 1, "client", library, "keyBytes", key) : "");
                }
                row(cells.toArray(String[]::new));
            }
        }
    }

    private void decode() {
        heading("Decode (ns/op)");
        row("reply", "jedis", "lettuce", "copy the value out (baseline)");
        rule(4);
        for (String value : VALUE_SIZES) {
            row("value of " + value + " B",
                    withError("DecodeBenchmark.decodeBulk", 1, "client", "jedis", "valueBytes", value),
                    withError("DecodeBenchmark.decodeBulk", 1, "client", "lettuce", "valueBytes", value),
                    withError("DecodeBenchmark.baselineBulk", 1, "valueBytes", value));
        }
        row("+OK", withError("DecodeBenchmark.decodeStatus", 1, "client", "jedis"),
                withError("DecodeBenchmark.decodeStatus", 1, "client", "lettuce"), "");
    }

    private void pool() {
        heading("Pool: borrow + return (ns/op, per thread)");
        out.append("Real connections doing no I/O, taken and handed back in a tight loop: the most contention a "
                + "pool can see. With more threads than connections a thread waits for one; with more threads than "
                + "cores the time per thread also holds the wait for a core.\n\n");
        List<String> header = new ArrayList<>(List.of("pool"));
        for (int threads : POOL_THREADS) {
            header.add(threads + (threads == 1 ? " thread" : " threads"));
        }
        row(header.toArray(String[]::new));
        rule(header.size());
        for (String library : LIBRARIES) {
            for (String size : POOL_SIZES) {
                List<String> cells = new ArrayList<>(List.of(library + ", " + size));
                for (int threads : POOL_THREADS) {
                    cells.add(withError("PoolBenchmark.borrowAndReturn", threads, "client", library, "poolSize", size));
                }
                row(cells.toArray(String[]::new));
            }
        }
        List<String> shared = new ArrayList<>(List.of("lettuce, shared connection (no pool)"));
        for (int threads : POOL_THREADS) {
            shared.add(withError("PoolBenchmark.baselineShared", threads));
        }
        row(shared.toArray(String[]::new));
    }

    private void roundTrip(String method, String command, String encode, String decode) {
        heading(command + " round trip over loopback, key " + KEY + " B, value " + VALUE + " B (median µs)");
        out.append("Medians of every request timed. Server = real Redis − canned responder, shown only where the"
                + " median of every measured iteration against real Redis lies above the median of every iteration"
                + " against the responder; otherwise the two differ by less than they move from one iteration to the"
                + " next, \"within noise\" (\"responder slower\" where every iteration's median of the responder lies"
                + " above Redis's). Network = canned responder − the client's encode, decode and pool cost above:"
                + " the kernel, loopback and, for Lettuce, the hand-over to its I/O thread.\n\n");
        row("client", "threads", "real Redis", "canned responder", "server", "client codec + pool", "network");
        rule(7);
        for (String client : ROUND_TRIP_CLIENTS) {
            String library = client.substring(0, client.indexOf(':'));
            String pool = client.substring(client.indexOf(':') + 1);
            for (int threads : ROUND_TRIP_THREADS) {
                String name = "RoundTripBenchmark." + method;
                JmhScore redisScore = find(name, threads, "client", client, "server", "redis");
                JmhScore cannedScore = find(name, threads, "client", client, "server", "canned");
                OptionalDouble redis = median(redisScore);
                OptionalDouble canned = median(cannedScore);
                OptionalDouble poolNanos = pool.equals("shared")
                        ? score("PoolBenchmark.baselineShared", threads)
                        : score("PoolBenchmark.borrowAndReturn", threads, "client", library, "poolSize", pool);
                OptionalDouble clientMicros = micros(sum(sum(
                        codec(encode, library, KEY, encode.equals("encodeSet") ? VALUE : null),
                        codec(decode, library, null, decode.equals("decodeBulk") ? VALUE : null)), poolNanos));
                row(client, Integer.toString(threads), us(redis), us(canned), serverShare(redisScore, cannedScore),
                        us(clientMicros), us(difference(canned, clientMicros)));
            }
        }
    }

    private void inProcess() {
        heading("The floor: the same GET and SET on an in-process ConcurrentHashMap (ns/op)");
        row("value B", "GET, 1 thread", "GET, 4 threads", "SET, 1 thread", "SET, 4 threads");
        rule(5);
        for (String value : VALUE_SIZES) {
            row(value,
                    withError("InProcessMapBenchmark.get", 1, "valueBytes", value),
                    withError("InProcessMapBenchmark.get", 4, "valueBytes", value),
                    withError("InProcessMapBenchmark.set", 1, "valueBytes", value),
                    withError("InProcessMapBenchmark.set", 4, "valueBytes", value));
        }
    }

    private void memcachedClients() {
        heading("memcached clients against one memcached (-t 1), key " + KEY + " B, value " + VALUE
                + " B (median µs per request)");
        out.append("The same server and network for each library, so their differences are the libraries'. A GET"
                + " and a SET each wait for their reply; 16 in flight keeps 16 GETs outstanding per thread, the"
                + " time of the window over 16 (xmemcached has no call that returns before its reply, so its 16 go"
                + " one after another).\n\n");
        row("library", "GET, 1 thread", "GET, 4 threads", "16 in flight, 1 thread", "16 in flight, 4 threads",
                "SET, 1 thread");
        rule(6);
        for (String library : MEMCACHED_LIBRARIES) {
            row(library,
                    us(median(find("MemcachedClientBenchmark.get", 1, "library", library))),
                    us(median(find("MemcachedClientBenchmark.get", 4, "library", library))),
                    us(median(find("MemcachedClientBenchmark.getInFlight", 1, "library", library))),
                    us(median(find("MemcachedClientBenchmark.getInFlight", 4, "library", library))),
                    us(median(find("MemcachedClientBenchmark.set", 1, "library", library))));
        }
    }

    private void harness() {
        heading("The harness's own work per operation (ns/op)");
        String[] methods = {"generateKey", "generateValue", "verifyValue", "recordLatency", "baseline"};
        row("value B", "generate key", "generate value", "verify value", "record latency", "copy value (baseline)");
        rule(6);
        for (String value : VALUE_SIZES) {
            List<String> cells = new ArrayList<>(List.of(value));
            for (String method : methods) {
                cells.add(withError("HarnessCostBenchmark." + method, 1, "valueBytes", value));
            }
            row(cells.toArray(String[]::new));
        }
    }

    /** A codec benchmark's score on one thread; null sizes are parameters the benchmark does not take. */
    private OptionalDouble codec(String method, String library, String keyBytes, String valueBytes) {
        String benchmark = (method.startsWith("encode") ? "EncodeBenchmark." : "DecodeBenchmark.") + method;
        List<String> params = new ArrayList<>(List.of("client", library));
        if (keyBytes != null) {
            params.addAll(List.of("keyBytes", keyBytes));
        }
        if (valueBytes != null) {
            params.addAll(List.of("valueBytes", valueBytes));
        }
        return score(benchmark, 1, params.toArray(String[]::new));
    }

    private OptionalDouble score(String benchmark, int threads, String... params) {
        JmhScore found = find(benchmark, threads, params);
        return found == null ? OptionalDouble.empty() : OptionalDouble.of(found.score());
    }

    private static OptionalDouble median(JmhScore found) {
        return found == null || Double.isNaN(found.p50()) ? OptionalDouble.empty() : OptionalDouble.of(found.p50());
    }

    /**
     * Real Redis's median less the responder's, in µs, when the medians of their iterations do not
     * overlap; a word saying why otherwise. Never negative: a server cannot take less than nothing.
     */
    private static String serverShare(JmhScore redis, JmhScore canned) {
        if (median(redis).isEmpty() || median(canned).isEmpty()) {
            return "–";
        }
        List<Double> redisMedians = redis.iterationMedians();
        List<Double> cannedMedians = canned.iterationMedians();
        if (redisMedians.size() < 2 || cannedMedians.size() < 2) {
            return "no spread known";
        }
        if (Collections.min(redisMedians) > Collections.max(cannedMedians)) {
            return us(OptionalDouble.of(redis.p50() - canned.p50()));
        }
        return Collections.min(cannedMedians) > Collections.max(redisMedians) ? "responder slower" : "within noise";
    }

    private JmhScore find(String benchmark, int threads, String... params) {
        Map<String, String> wanted = new LinkedHashMap<>();
        for (int i = 0; i < params.length; i += 2) {
            wanted.put(params[i], params[i + 1]);
        }
        for (JmhScore score : scores) {
            if (score.matches(benchmark, threads, wanted)) {
                return score;
            }
        }
        return null;
    }

    private String withError(String benchmark, int threads, String... params) {
        JmhScore found = find(benchmark, threads, params);
        if (found == null) {
            return "–";
        }
        return Double.isFinite(found.error())
                ? number(found.score()) + " ± " + number(found.error())
                : number(found.score());
    }

    private static OptionalDouble sum(OptionalDouble a, OptionalDouble b) {
        return a.isPresent() && b.isPresent()
                ? OptionalDouble.of(a.getAsDouble() + b.getAsDouble()) : OptionalDouble.empty();
    }

    private static OptionalDouble difference(OptionalDouble a, OptionalDouble b) {
        return a.isPresent() && b.isPresent()
                ? OptionalDouble.of(a.getAsDouble() - b.getAsDouble()) : OptionalDouble.empty();
    }

    private static OptionalDouble micros(OptionalDouble nanos) {
        return nanos.isPresent() ? OptionalDouble.of(nanos.getAsDouble() / 1000) : nanos;
    }

    private static String ns(OptionalDouble nanos) {
        return nanos.isPresent() ? number(nanos.getAsDouble()) : "–";
    }

    private static String us(OptionalDouble micros) {
        return micros.isPresent() ? String.format(Locale.ROOT, "%.1f", micros.getAsDouble()) : "–";
    }

    /** Three significant figures at most, no exponent: what a short run can support. */
    private static String number(double value) {
        double magnitude = Math.abs(value);
        String format = magnitude >= 100 ? "%,.0f" : magnitude >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, format, value);
    }

    private void heading(String title) {
        out.append("\n## ").append(title).append("\n\n");
    }

    private void row(String... cells) {
        out.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }

    private void rule(int columns) {
        out.append("|").append("---|".repeat(columns)).append('\n');
    }
}
