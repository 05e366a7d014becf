package dev.metric.run;

/**
 * {@code --flush} found keys metric did not write and was not confirmed with {@code --yes}:
 * nothing was deleted. The message says how many keys, and what to do.
 */
public final class FlushRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    FlushRefusedException(String message) {
        super(message);
    }
}
