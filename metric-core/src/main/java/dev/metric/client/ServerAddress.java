package dev.metric.client;

/**
 * Where a server listens.
 *
 * @param host host name or IP literal
 * @param port TCP port, 1 to 65535
 */
public record ServerAddress(String host, int port) {

    public ServerAddress {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be empty");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be 1..65535, got " + port);
        }
    }

    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
