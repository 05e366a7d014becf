package dev.metric.client.resp;

/** Bytes from the server that are not RESP: the connection cannot be read on, and is closed. */
final class RespProtocolException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    RespProtocolException(String message) {
        super(message);
    }
}
