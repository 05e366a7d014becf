package dev.metric.cli.command;

import dev.metric.run.RunControl;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * While a run is on, Ctrl-C (SIGINT) and SIGTERM stop it instead of killing the JVM: the run
 * finishes the requests in flight, and the command prints and writes what was measured and
 * exits with 128 + the signal's number, as a shell expects. A second signal exits at once; the
 * shutdown hooks still stop a local server metric started.
 *
 * <p>A shutdown hook cannot do this: by the time it runs the JVM is exiting, and the main thread
 * can neither print the result in order nor choose the exit code.
 */
final class StopOnSignal implements AutoCloseable {

    private static final String[] SIGNALS = {"INT", "TERM"};

    private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
    private volatile Signal received;

    private StopOnSignal(RunControl control, PrintWriter err) {
        for (String name : SIGNALS) {
            Signal signal = new Signal(name);
            previous.put(signal, Signal.handle(signal, caught -> onSignal(caught, control, err)));
        }
    }

    /** Handles SIGINT and SIGTERM by stopping {@code control}'s run until closed. */
    static StopOnSignal install(RunControl control, PrintWriter err) {
        return new StopOnSignal(control, err);
    }

    private void onSignal(Signal signal, RunControl control, PrintWriter err) {
        if (received != null) {
            Runtime.getRuntime().exit(128 + signal.getNumber());
        }
        received = signal;
        control.stop("interrupted by SIG" + signal.getName());
        err.println("metric: SIG" + signal.getName() + ": stopping; the requests in flight finish, then what was"
                + " measured is printed (send it again to quit at once)");
        err.flush();
    }

    /** 128 + the number of the signal that stopped the run, else {@code code}. */
    int exitCode(int code) {
        Signal signal = received;
        return signal == null ? code : 128 + signal.getNumber();
    }

    /** Restores the handlers that were there before. */
    @Override
    public void close() {
        previous.forEach(Signal::handle);
    }
}
