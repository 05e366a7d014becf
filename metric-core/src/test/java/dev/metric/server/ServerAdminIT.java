package dev.metric.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ServerAdminIT {

    private static final Duration SECOND = Duration.ofSeconds(1);

    @Test
    void aClosedPortIsReportedAsRefused() throws IOException {
        ServerAddress address = new ServerAddress("127.0.0.1", LoopbackPorts.free());
        ServerUnreachableException e = assertThrows(ServerUnreachableException.class,
                () -> ServerAdmin.connect(address, 0, SECOND, SECOND));
        assertTrue(e.refused());
        assertTrue(e.getMessage().contains("connection refused"), e.getMessage());
    }

    @Test
    void aServerThatIsNotRedisIsReportedAsSuch() throws Exception {
        try (ServerSocket http = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread responder = new Thread(() -> {
                try (Socket client = http.accept(); OutputStream out = client.getOutputStream()) {
                    out.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    client.getInputStream().read();
                } catch (IOException ignored) {
                    // the client hung up, as expected
                }
            });
            responder.start();
            ServerAddress address = new ServerAddress("127.0.0.1", http.getLocalPort());
            ServerUnreachableException e = assertThrows(ServerUnreachableException.class,
                    () -> ServerAdmin.connect(address, 0, SECOND, SECOND));
            assertFalse(e.refused());
            assertTrue(e.getMessage().contains("does not answer as a Redis-protocol server"), e.getMessage());
            responder.join(5000);
        }
    }

    @Test
    void aStoppedLocalServerNoLongerAnswers() throws IOException {
        LocalRedisServer server = LocalRedisServer.startOnFreePort();
        try (ServerAdmin admin = ServerAdmin.connect(server.address(), 0, SECOND, SECOND)) {
            assertTrue(admin.info().version().matches("\\d+\\.\\d+\\.\\d+"), admin.info().version());
        }
        server.close();
        server.close();
        ServerUnreachableException e = assertThrows(ServerUnreachableException.class,
                () -> ServerAdmin.connect(server.address(), 0, SECOND, SECOND));
        assertTrue(e.refused());
    }
}
