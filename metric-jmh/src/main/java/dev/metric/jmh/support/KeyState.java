package dev.metric.jmh.support;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** A key of each size metric's data sets use: the smallest, the middle and the largest. */
@State(Scope.Thread)
public class KeyState {

    @Param({"20", "110", "200"})
    public int keyBytes;

    public byte[] key;

    @Setup(Level.Trial)
    public void make() {
        key = Payloads.key(keyBytes);
    }
}
