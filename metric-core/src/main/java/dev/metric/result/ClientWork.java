package dev.metric.result;

/**
 * What the client's process spent beside the traffic it sent. Its fields are written at the level
 * of the record that holds it.
 *
 * @param clientCpuMicrosPerOp CPU time of this process per operation, -1 if unknown
 * @param jvm                  what the client's JVM did meanwhile: JIT compiling, garbage collection,
 *                             stalls
 */
public record ClientWork(double clientCpuMicrosPerOp, JvmActivity jvm) {

    /** Nothing measured: a search stopped before the end of its first step. */
    public static final ClientWork NONE = new ClientWork(-1, JvmActivity.UNKNOWN);
}
