package dev.metric.result;

/**
 * What the client's JVM did beside the traffic while a phase was measured: JIT compiling and
 * garbage collection. Both take the client's cores from the threads that send and read, so on a
 * small client either one makes requests late; a figure measured while the JIT was still
 * compiling is partly a measure of the warm-up. Reported so that a reader can tell a slow server
 * from a client that was busy with itself, and lengthen {@code --warmup-time} when it was.
 *
 * @param compileMillis time the JIT compilers spent compiling, -1 where the JVM does not report it
 * @param gcCount       garbage collections, as the JVM's collectors count them
 * @param gcMillis      time those collections took, as the collectors report it (their pauses for
 *                      the serial, parallel and G1 collectors)
 */
public record JvmActivity(long compileMillis, long gcCount, long gcMillis) {
}
