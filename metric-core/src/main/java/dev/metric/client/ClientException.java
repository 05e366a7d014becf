package dev.metric.client;

/**
 * A request that did not get a reply: connection lost, timeout, pool exhausted, or an error
 * reply where none was expected. Library exceptions are wrapped in it so that runners count
 * failures the same way whatever the library.
 */
public class ClientException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ClientException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The message with the library's own cause, on one line. */
    public static String describe(Throwable failure) {
        String message = failure.getMessage();
        return oneLine(failure.getClass().getSimpleName() + (message == null ? "" : ": " + message));
    }

    /** {@code text} on one line, its line breaks as spaces; empty for null: a server's reply in a message. */
    public static String oneLine(String text) {
        return text == null ? "" : text.replace('\n', ' ').replace('\r', ' ');
    }

    /** The innermost cause, which names what actually went wrong (refused, timed out...). */
    public static Throwable rootCause(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    /**
     * The first exception of type {@code type} among {@code failure}, its causes and their
     * suppressed exceptions (Jedis reports each address it tried as a suppressed exception).
     */
    public static <T extends Throwable> T find(Throwable failure, Class<T> type) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (type.isInstance(cause)) {
                return type.cast(cause);
            }
            for (Throwable suppressed : cause.getSuppressed()) {
                T found = find(suppressed, type);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
