package dev.metric.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Loopback ports where no Redis server answers, each in its own way: one whose accept queue is
 * full (a connect times out), one that accepts and never replies, and an HTTP server.
 */
final class UnansweringPeers implements AutoCloseable {

    private final List<AutoCloseable> resources = new ArrayList<>();

    /** A listening port whose accept queue is full, so that a new connection attempt times out. */
    int fullBacklog() throws IOException {
        ServerSocket listener = listen(1);
        for (int i = 0; i < 16; i++) {
            Socket filler = new Socket();
            resources.add(filler);
            try {
                filler.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort()), 300);
            } catch (SocketTimeoutException full) {
                return listener.getLocalPort();
            }
        }
        throw new IllegalStateException("the accept queue of port " + listener.getLocalPort() + " never filled");
    }

    /** A port that accepts connections and never writes a byte. */
    int silent() throws IOException {
        return serve(client -> client.getInputStream().transferTo(OutputStream.nullOutputStream()));
    }

    /** A port where an HTTP server answers whatever it is sent with 400 Bad Request. */
    int http() throws IOException {
        return serve(client -> {
            InputStream in = client.getInputStream();
            in.read();
            OutputStream out = client.getOutputStream();
            out.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            in.transferTo(OutputStream.nullOutputStream());
        });
    }

    private interface Conversation {
        void with(Socket client) throws IOException;
    }

    private int serve(Conversation conversation) throws IOException {
        ServerSocket listener = listen(50);
        Thread acceptor = new Thread(() -> {
            while (!listener.isClosed()) {
                try {
                    Socket client = listener.accept();
                    resources.add(client);
                    Thread talker = new Thread(() -> {
                        try (client) {
                            conversation.with(client);
                        } catch (IOException hungUp) {
                            // the client gave up, as it should
                        }
                    });
                    talker.setDaemon(true);
                    talker.start();
                } catch (IOException closed) {
                    return;
                }
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        return listener.getLocalPort();
    }

    private ServerSocket listen(int backlog) throws IOException {
        ServerSocket listener = new ServerSocket(0, backlog, InetAddress.getLoopbackAddress());
        resources.add(listener);
        return listener;
    }

    @Override
    public synchronized void close() throws Exception {
        for (AutoCloseable resource : resources) {
            resource.close();
        }
    }
}
