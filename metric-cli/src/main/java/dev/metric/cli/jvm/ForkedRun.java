package dev.metric.cli.jvm;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import sun.misc.Signal;

/**
 * Runs a command in the measuring JVM ({@link MeasuringJvm}) and waits for it: the child writes to
 * this process's terminal and reads its input, gets every SIGINT, SIGTERM and SIGHUP this process
 * gets (it runs in a session of its own, so the terminal's Ctrl-C reaches it once, through here),
 * and watches this process ({@link ParentWatch}), so that a SIGKILL of this one stops it too.
 */
public final class ForkedRun {

    /** The environment variable that tells the child which process started it. */
    public static final String PARENT = "METRIC_PARENT_PID";

    private static final String[] FORWARDED = {"INT", "TERM", "HUP"};

    private ForkedRun() {
    }

    /** Runs {@code command} and returns its exit code; an exit code of 2 with one line when it cannot start. */
    public static int run(List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        Map<String, String> environment = builder.environment();
        environment.put(MeasuringJvm.FORK, "0");
        environment.put(PARENT, Long.toString(ProcessHandle.current().pid()));
        Process child;
        try {
            child = builder.start();
        } catch (IOException e) {
            System.err.println("metric: could not start the measuring JVM (" + e.getMessage()
                    + "); " + MeasuringJvm.FORK + "=0 runs in this one");
            return 2;
        }
        for (String name : FORWARDED) {
            forward(name, child);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(child::destroy, "metric-measuring-jvm-stop"));
        while (true) {
            try {
                return child.waitFor();
            } catch (InterruptedException e) {
                // The child runs on whatever interrupted this thread: wait for it still.
                Thread.interrupted();
            }
        }
    }

    private static void forward(String name, Process child) {
        try {
            Signal.handle(new Signal(name), signal -> {
                try {
                    new ProcessBuilder("kill", "-s", name, Long.toString(child.pid())).inheritIO().start().waitFor();
                } catch (IOException e) {
                    child.destroy();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        } catch (IllegalArgumentException notHandled) {
            // The signal is ignored here (a background job's SIGINT) or reserved: the child ignores it too.
        }
    }
}
