package dev.metric.bare;

import com.spotify.folsom.AsciiMemcacheClient;
import dev.metric.client.ClientSettings;
import dev.metric.client.Protocol;
import dev.metric.client.ServerAddress;
import dev.metric.client.folsom.FolsomLoopClient;
import dev.metric.client.netty.LoopTransport;
import dev.metric.workload.DataSet;
import io.netty.channel.EventLoopGroup;
import io.netty.util.ResourceLeakDetector;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The reference metric's memcached reads are measured against: folsom on one Netty event loop
 * thread with {@code connections} clients of one connection each, every one keeping
 * {@code outstanding} GETs in flight, each opened by metric's own {@link FolsomLoopClient#connectLane}
 * as the loop engine opens a lane's, and nothing else: no verification, no histogram, keys made
 * before the clock starts, each reply answered at once by the next GET on its connection from the
 * loop's own thread. What it costs per request is folsom's and Netty's; what metric costs beyond it
 * is metric's.
 *
 * <p>Each GET's key is drawn uniformly at random from every key of mode1's data set, as metric's
 * and memtier's are, so that the server does the same work for each: drawn from a sample of 65,536
 * (about 48,000 distinct keys), the items stayed in memcached's warm queue and its LRU maintainer
 * moved 0.002 items per GET, against 0.86 for metric's and memtier's reads of all 102,400.
 *
 * <p>Usage: {@code java -cp metric.jar:metric-bare.jar dev.metric.bare.BareFolsomLoop
 * <connections> <outstanding> <kkeys> <reads> <warmup> [port] [host]}. The warm-up reads run
 * first and are left out. Prints one line of {@code key=value} pairs: requests per second, client
 * CPU microseconds per request over the measured reads, and misses and failures of every read, the
 * warm-up's too.
 */
public final class BareFolsomLoop {

    private final List<AsciiMemcacheClient<byte[]>> clients = new ArrayList<>();
    private final String[] keys;
    private final SplittableRandom random = new SplittableRandom(BareLoops.SEED);
    private final long warmup;
    private final long total;
    private final CountDownLatch done = new CountDownLatch(1);
    /** Touched only on the loop's thread, then read after {@link #done}. */
    private long sent;
    private long completed;
    private long misses;
    private long failures;
    private long measuredFromNanos;
    private long measuredFromCpu;
    private long endNanos;
    private long endCpu;

    private BareFolsomLoop(String[] keys, long warmup, long reads) {
        this.keys = keys;
        this.warmup = warmup;
        this.total = warmup + reads;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println(
                    "usage: BareFolsomLoop <connections> <outstanding> <kkeys> <reads> <warmup> [port] [host]");
            System.exit(2);
        }
        int connections = Integer.parseInt(args[0]);
        int outstanding = Integer.parseInt(args[1]);
        int kkeys = Integer.parseInt(args[2]);
        long reads = Long.parseLong(args[3]);
        long warmup = Long.parseLong(args[4]);
        int port = args.length > 5 ? Integer.parseInt(args[5]) : 11211;
        String host = args.length > 6 ? args[6] : "127.0.0.1";

        DataSet dataSet = DataSet.standard(BareLoops.SEED, kkeys * 1024);
        String[] keys = new String[dataSet.keyCount()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = new String(dataSet.key(i), StandardCharsets.ISO_8859_1);
        }
        // As metric does: Netty's leak tracking costs a loop a few percent.
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        LoopTransport transport = LoopTransport.best();
        EventLoopGroup loop = transport.newLoop(0, false);
        BareFolsomLoop bare = new BareFolsomLoop(keys, warmup, reads);
        try {
            ClientSettings settings = new ClientSettings(new ServerAddress(host, port), 0, 1,
                    ClientSettings.DEFAULT_CONNECT_TIMEOUT, ClientSettings.DEFAULT_COMMAND_TIMEOUT)
                    .withProtocol(Protocol.MEMCACHED);
            boolean writeAtOnce = FolsomLoopClient.writesAtOnce(connections, outstanding);
            for (int c = 0; c < connections; c++) {
                bare.clients.add(FolsomLoopClient.connectLane(settings, loop, transport, writeAtOnce));
            }
            loop.execute(() -> bare.start(outstanding));
            bare.done.await();
        } finally {
            for (AsciiMemcacheClient<byte[]> client : bare.clients) {
                client.shutdown();
            }
            loop.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        }
        bare.report(connections, outstanding, reads);
    }

    /** On the loop's thread: fills every connection's window. */
    private void start(int outstanding) {
        measuredFromNanos = System.nanoTime();
        measuredFromCpu = BareLoops.processCpuNanos();
        for (int i = 0; i < outstanding; i++) {
            for (AsciiMemcacheClient<byte[]> client : clients) {
                if (sent < total) {
                    get(client);
                }
            }
        }
    }

    private void get(AsciiMemcacheClient<byte[]> client) {
        sent++;
        client.get(keys[random.nextInt(keys.length)]).whenComplete((value, failure) -> {
            if (failure != null) {
                failures++;
            } else if (value == null) {
                misses++;
            }
            answered(client);
        });
    }

    /** On the loop's thread: counts a reply and sends the next GET on its connection while any is left. */
    private void answered(AsciiMemcacheClient<byte[]> client) {
        completed++;
        if (completed == warmup) {
            measuredFromNanos = System.nanoTime();
            measuredFromCpu = BareLoops.processCpuNanos();
        }
        if (sent < total) {
            get(client);
        }
        if (completed == total) {
            endNanos = System.nanoTime();
            endCpu = BareLoops.processCpuNanos();
            done.countDown();
        }
    }

    private void report(int connections, int outstanding, long reads) {
        if (misses == reads + warmup) {
            System.err.println("every GET missed: load the data set first (metric mode1 --protocol memcached)");
            System.exit(1);
        }
        double seconds = (endNanos - measuredFromNanos) / 1e9;
        System.out.println(String.format(Locale.ROOT,
                "library=folsom connections=%d outstanding=%d reads=%d seconds=%.3f rps=%.0f "
                        + "cpu_us_per_request=%.2f misses=%d failures=%d",
                connections, outstanding, reads, seconds, reads / seconds,
                (endCpu - measuredFromCpu) / 1e3 / reads, misses, failures));
    }
}
