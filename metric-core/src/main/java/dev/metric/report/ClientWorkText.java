package dev.metric.report;

import static dev.metric.report.ReportText.line;
import static dev.metric.report.ReportText.ms;

import dev.metric.result.ClientStalls;
import dev.metric.result.ClientWork;
import dev.metric.result.JvmActivity;
import java.util.Locale;

/**
 * How a report says what the client spent beside the traffic it measured: its CPU per request, the
 * JIT's compiling and the collections, its stall meter, and whether they make the latency the
 * client's own. The same lines for every mode that measures a {@link ClientWork}.
 */
public final class ClientWorkText {

    private ClientWorkText() {
    }

    /** The lines of {@code work} over {@code operations}, each counted as one {@code per} ({@code request}). */
    public static void append(StringBuilder out, ClientWork work, long operations, String per) {
        if (work.clientCpuMicrosPerOp() >= 0) {
            line(out, "cpu", "%.1f us of client CPU per %s (this process, all threads)", work.clientCpuMicrosPerOp(),
                    per);
        }
        jvm(out, work.jvm(), operations, per);
    }

    /**
     * What the client's JVM did beside the traffic (time it took from the threads that send and
     * read), how late its stall meter woke, and whether that makes the latency the client's own.
     */
    private static void jvm(StringBuilder out, JvmActivity jvm, long operations, String per) {
        String compiling = jvm.compileMillis() < 0 ? "the JVM does not report JIT compile time"
                : String.format(Locale.ROOT, "the JIT compiled for %,d ms", jvm.compileMillis());
        String allocated = jvm.allocatedBytes() < 0 || operations == 0 ? ""
                : String.format(Locale.ROOT, "; its threads allocated %,.0f B of heap per %s",
                (double) jvm.allocatedBytes() / operations, per);
        line(out, "jit, gc", "while measuring %s and %,d garbage collection%s took %,d ms, on the client's cores "
                        + "beside the traffic%s", compiling, jvm.gcCount(), jvm.gcCount() == 1 ? "" : "s",
                jvm.gcMillis(), allocated);
        if (jvm.warmupEnding() != null && jvm.warmupEnding().capped()) {
            line(out, "", "the warm-up ended at its cap with the JIT still compiling (%,d ms in its last second): "
                    + "a longer --warmup-time leaves less compiling in the figures",
                    jvm.warmupEnding().lastSecondCompileMillis());
        }
        ClientStalls stalls = jvm.stalls();
        line(out, "stalls", "the client's stall meter, asking to wake every ms: a moment waited p99 %s ms for the "
                        + "client to run, the longest stall %s ms, %,d stalls of 1 ms or more (%,d wake-ups)%s",
                ms(stalls.p99Micros()), ms(stalls.maxMicros()),
                stalls.stalls(), stalls.wakeUps(), Double.isNaN(jvm.coreShare()) ? ""
                        : String.format(Locale.ROOT, "; the process kept %.0f%% of its cores busy",
                        100 * jvm.coreShare()));
        if (jvm.bound()) {
            line(out, "client", "%s", jvm.clientBound());
        }
    }
}
