package dev.metric.server;

/**
 * The server could not be reached or did not answer as a Redis-protocol server. Its message is
 * one line meant for the user: what was tried and what went wrong.
 */
public class ServerUnreachableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final boolean refused;

    public ServerUnreachableException(String message, boolean refused, Throwable cause) {
        super(message, cause);
        this.refused = refused;
    }

    /** Whether nothing listened at the address (connection refused), as opposed to any other failure. */
    public boolean refused() {
        return refused;
    }
}
