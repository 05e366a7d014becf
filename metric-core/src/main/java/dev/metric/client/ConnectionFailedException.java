package dev.metric.client;

/**
 * The client could not open its connections: the server is unreachable or does not speak the
 * protocol. Distinct from {@link ClientException} because it means no measurement was possible.
 */
public class ConnectionFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ConnectionFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
