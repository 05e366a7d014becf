package dev.metric.jmh.support;

import dev.metric.client.ClientLibrary;
import dev.metric.client.Clients;
import dev.metric.client.WireCodec;
import java.util.Locale;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** One client library's wire codec per thread. */
@State(Scope.Thread)
public class CodecState {

    @Param({"jedis", "lettuce"})
    public String client;

    public WireCodec codec;

    @Setup(Level.Trial)
    public void open() {
        codec = Clients.wireCodec(ClientLibrary.valueOf(client.toUpperCase(Locale.ROOT)));
    }

    @TearDown(Level.Trial)
    public void close() {
        codec.close();
    }
}
