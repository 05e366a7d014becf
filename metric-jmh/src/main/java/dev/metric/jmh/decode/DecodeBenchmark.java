package dev.metric.jmh.decode;

import dev.metric.client.CannedReply;
import dev.metric.jmh.support.CodecState;
import dev.metric.jmh.support.ValueState;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/*
 * Question: what does each client library spend parsing the reply to a GET (a bulk string of the
 * value) and to a SET (+OK), once the bytes have arrived?
 *
 * Each library's own parser reads canned replies copied into its read buffer, one reply per
 * read, as a socket delivers them (see dev.metric.client.WireCodec). The baseline copies the
 * value out of the reply, the least any client does with it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DecodeBenchmark {

    /** The reply to a GET of a value of each size. */
    @State(Scope.Thread)
    public static class BulkReply {
        public CannedReply reply;
        public int valueBytes;

        @Setup(Level.Trial)
        public void make(ValueState value) {
            reply = CannedReply.bulk(value.value);
            valueBytes = value.valueBytes;
        }
    }

    private final CannedReply ok = CannedReply.ok();

    @Benchmark
    public byte[] baselineBulk(BulkReply bulk) {
        byte[] value = new byte[bulk.valueBytes];
        System.arraycopy(bulk.reply.bytes(), bulk.reply.bytes().length - 2 - value.length, value, 0, value.length);
        return value;
    }

    @Benchmark
    public byte[] decodeBulk(CodecState codec, BulkReply bulk) {
        return codec.codec.decodeBulk(bulk.reply);
    }

    @Benchmark
    public String decodeStatus(CodecState codec) {
        return codec.codec.decodeStatus(ok);
    }
}

/*
 * Run: java -jar metric-jmh/target/benchmarks.jar DecodeBenchmark
 * Result: see results/jmh/SUMMARY.md, published by scripts/jmh-publish.sh.
 */
