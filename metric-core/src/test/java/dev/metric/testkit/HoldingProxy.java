package dev.metric.testkit;

import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A TCP proxy between a client and a real server that can hold what the client sends: once
 * {@link #hold} is called it stops reading from the client (after the read it may be in), so that a
 * request larger than the sockets' buffers cannot finish being written until {@link #release}. The
 * replies pass as they come. For telling when a binding stamps a request: before its write, or
 * only once the write is done.
 */
public final class HoldingProxy implements AutoCloseable {

    private static final int CHUNK = 1 << 16;

    private final ServerSocket listener;
    private final ServerAddress target;
    private final List<Socket> sockets = new ArrayList<>();
    private final Object gate = new Object();
    private boolean held;
    private CountDownLatch arrivedWhileHeld = new CountDownLatch(1);

    private HoldingProxy(ServerSocket listener, ServerAddress target) {
        this.listener = listener;
        this.target = target;
    }

    /** Listens on a free loopback port and forwards every connection to {@code target}. */
    public static HoldingProxy to(ServerAddress target) throws IOException {
        HoldingProxy proxy = new HoldingProxy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), target);
        Thread acceptor = new Thread(proxy::accept, "holding-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
        return proxy;
    }

    /** Where clients connect. */
    public ServerAddress address() {
        return new ServerAddress("127.0.0.1", listener.getLocalPort());
    }

    /** Stops reading what clients send, from their next read on. */
    public void hold() {
        synchronized (gate) {
            held = true;
            arrivedWhileHeld = new CountDownLatch(1);
        }
    }

    /** Waits until a client has sent a byte since {@link #hold}: its write has begun. */
    public void awaitBytesWhileHeld() throws InterruptedException {
        CountDownLatch arrived;
        synchronized (gate) {
            arrived = arrivedWhileHeld;
        }
        arrived.await();
    }

    /** Reads what clients send again. */
    public void release() {
        synchronized (gate) {
            held = false;
            gate.notifyAll();
        }
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(target.host(), target.port());
                synchronized (sockets) {
                    sockets.add(client);
                    sockets.add(server);
                }
                pump(client.getInputStream(), server.getOutputStream(), true);
                pump(server.getInputStream(), client.getOutputStream(), false);
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void pump(InputStream in, OutputStream out, boolean fromClient) {
        Thread thread = new Thread(() -> {
            byte[] chunk = new byte[CHUNK];
            try {
                while (true) {
                    if (fromClient) {
                        awaitReleaseNoting(in);
                    }
                    int read = in.read(chunk);
                    if (read < 0) {
                        return;
                    }
                    if (fromClient) {
                        synchronized (gate) {
                            if (held) {
                                arrivedWhileHeld.countDown();
                            }
                        }
                    }
                    out.write(chunk, 0, read);
                    out.flush();
                }
            } catch (IOException | InterruptedException closed) {
                // a side hung up, or the proxy closed
            }
        }, fromClient ? "holding-proxy-up" : "holding-proxy-down");
        thread.setDaemon(true);
        thread.start();
    }

    /** While held, waits for the release, telling whoever waits that bytes are there. */
    private void awaitReleaseNoting(InputStream in) throws IOException, InterruptedException {
        synchronized (gate) {
            while (held) {
                if (in.available() > 0) {
                    arrivedWhileHeld.countDown();
                }
                gate.wait(1);
            }
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        synchronized (sockets) {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }
}
