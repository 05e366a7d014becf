package dev.metric.jmh.encode;

import dev.metric.jmh.support.CodecState;
import dev.metric.jmh.support.KeyState;
import dev.metric.jmh.support.ValueState;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/*
 * Question: what does each client library spend turning GET key and SET key value into the bytes
 * it writes to its socket, for the key and value sizes of a realistic cache?
 *
 * No socket: each library's own command objects and encoder write into memory (see
 * dev.metric.client.WireCodec). The baseline writes the same RESP bytes of a SET by hand into a
 * reused array, the least any client can do; what a library spends above it is its own cost.
 * GET takes only the key size, so JMH runs it for key sizes alone.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class EncodeBenchmark {

    private static final byte[] SET_HEADER = "*3\r\n$3\r\nSET\r\n".getBytes(StandardCharsets.US_ASCII);

    private final byte[] handWritten = new byte[4096];

    @Benchmark
    public int baselineSet(KeyState key, ValueState value) {
        System.arraycopy(SET_HEADER, 0, handWritten, 0, SET_HEADER.length);
        int at = bulk(key.key, SET_HEADER.length);
        return bulk(value.value, at);
    }

    private int bulk(byte[] argument, int at) {
        handWritten[at++] = '$';
        at = decimal(argument.length, at);
        System.arraycopy(argument, 0, handWritten, at, argument.length);
        at += argument.length;
        handWritten[at++] = '\r';
        handWritten[at++] = '\n';
        return at;
    }

    private int decimal(int number, int at) {
        int digits = number >= 1000 ? 4 : number >= 100 ? 3 : number >= 10 ? 2 : 1;
        for (int i = digits - 1, rest = number; i >= 0; i--, rest /= 10) {
            handWritten[at + i] = (byte) ('0' + rest % 10);
        }
        handWritten[at + digits] = '\r';
        handWritten[at + digits + 1] = '\n';
        return at + digits + 2;
    }

    @Benchmark
    public int encodeGet(CodecState codec, KeyState key) {
        return codec.codec.encodeGet(key.key);
    }

    @Benchmark
    public int encodeSet(CodecState codec, KeyState key, ValueState value) {
        return codec.codec.encodeSet(key.key, value.value);
    }
}

/*
 * Run: java -jar metric-jmh/target/benchmarks.jar EncodeBenchmark
 * Result: see results/jmh/SUMMARY.md, published by scripts/jmh-publish.sh.
 */
