package dev.metric.jmh.support;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** A value of each size metric's data sets use: the smallest, the middle and the largest. */
@State(Scope.Thread)
public class ValueState {

    @Param({"200", "1100", "2000"})
    public int valueBytes;

    public byte[] value;

    @Setup(Level.Trial)
    public void make() {
        value = Payloads.value(valueBytes);
    }
}
