package dev.metric.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Free TCP ports on the loopback address: where a local server is started, and, in tests, a port
 * where nothing listens.
 */
public final class LoopbackPorts {

    private LoopbackPorts() {
    }

    /**
     * A port nothing listened on a moment ago. Another process may take it before the caller binds
     * it, so a caller that binds retries on failure.
     */
    public static int free() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
