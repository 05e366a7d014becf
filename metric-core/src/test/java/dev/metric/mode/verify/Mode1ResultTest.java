package dev.metric.mode.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import dev.metric.config.ReplicaChoice;
import dev.metric.result.Faults;
import dev.metric.result.ReplicaLag;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class Mode1ResultTest {

    @Test
    void aReplicaThatDidNotCatchUpFailsTheRunAndCountsNoKey() {
        ClientSettings settings = new ClientSettings(new ServerAddress("127.0.0.1", 6379), 0, 1,
                Duration.ofSeconds(1), Duration.ofSeconds(1));
        Mode1Config config = Mode1Config.builder(ClientLibrary.JEDIS, settings)
                .replicas(new ReplicaChoice(true, List.of(), Duration.ofSeconds(45))).build();
        ReplicaCheck late = new ReplicaCheck("10.0.0.9:6379", new ReplicaLag(4096, Double.NaN, "marker"), null);
        VerifyResult reads = new VerifyResult(1, new VerifyResult.Reads(10, 1, 10, 0), null, null, null,
                new VerifyResult.Warmup(0, 0), new VerifyResult.Failures(0, null, 0, List.of(), 0), 0);

        Mode1Result result = new Mode1Result(config, null, 0, null, reads, new Mode1Result.ReadBack(null,
                List.of(late)), null, null, Faults.NONE, null);

        assertEquals(List.of("the check of every key did not run", "replica 10.0.0.9:6379 did not catch up within"
                + " 45 s"), result.failures());
    }
}
