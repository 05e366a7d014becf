package dev.metric.run;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Asks a running run to stop early: from outside (Ctrl-C, SIGTERM) or from inside (the server
 * is gone). Every phase checks it between requests and returns with what it measured, so that a
 * stopped run still ends with a result that says it was stopped and why.
 */
public final class RunControl {

    private final AtomicReference<String> reason = new AtomicReference<>();

    /** Asks the run to stop; the first reason given is the one reported. */
    public void stop(String why) {
        reason.compareAndSet(null, why);
    }

    public boolean stopped() {
        return reason.get() != null;
    }

    /** Why the run was stopped, or null when it was not. */
    public String reason() {
        return reason.get();
    }
}
