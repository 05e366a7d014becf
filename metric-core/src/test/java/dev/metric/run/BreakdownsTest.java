package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.metric.breakdown.ClientCost;
import dev.metric.breakdown.CommandStats;
import dev.metric.breakdown.LatencyBreakdown;
import dev.metric.record.LatencySummary;
import dev.metric.result.LoadResult;
import dev.metric.server.ServerInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

class BreakdownsTest {

    private static final double EXACT = 1e-9;
    private static final ClientCost COST = new ClientCost("jedis", "SET", 300, 600, 800, 50, 64, 500);
    private static final CommandStats NO_SERVER = CommandStats.of(ServerInfo.parse("# Commandstats\r\n"));

    private static LatencySummary waits(long count, double meanMicros) {
        return new LatencySummary(count, 0, meanMicros, 0, 0, 0, 0, 0, List.of());
    }

    @Test
    void onePooledConnectionPerReadCostsEachReadItsWholeWait() {
        LatencyBreakdown get = Breakdowns.reads(1000, waits(1000, 40), waits(1000, 2.5), 1, COST, NO_SERVER,
                NO_SERVER);

        assertEquals(2.5, get.poolMicros(), EXACT);
        assertEquals(40, get.endToEndMicros(), EXACT, "the response time, wait included");
    }

    @Test
    void aConnectionHeldForAWindowOfReadsSpreadsItsWaitOverThem() {
        // 10 leases of 4 us each carried 1,000 reads.
        LatencyBreakdown get = Breakdowns.reads(1000, waits(1000, 40), waits(10, 4), 50, COST, NO_SERVER, NO_SERVER);

        assertEquals(0.04, get.poolMicros(), EXACT);
    }

    @Test
    void theLoadsBatchesShareTheirWaitAmongTheirWrites() {
        // 100 batches of 64 writes, each batch 640 us end to end and 6.4 us waiting for its connection.
        LoadResult load = new LoadResult(new LoadResult.Written(6400, 0, 1, 6400, 0),
                new LoadResult.Failures(0, 0, 0, null), waits(100, 640), 64, waits(100, 6.4));

        LatencyBreakdown set = Breakdowns.loadWrites(load, COST, NO_SERVER, NO_SERVER);

        assertEquals(6400, set.requests());
        assertEquals(10, set.endToEndMicros(), EXACT);
        assertEquals(0.1, set.poolMicros(), EXACT);
    }
}
