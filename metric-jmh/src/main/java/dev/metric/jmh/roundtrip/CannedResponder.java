package dev.metric.jmh.roundtrip;

import dev.metric.client.CannedReply;
import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * The least a Redis-protocol server can be: one thread on a loopback port that reads RESP
 * commands and answers each at once with a canned reply — the value for every GET, the fields of
 * a RESP2 server for HELLO (Jedis asks on connecting), {@code +OK} for anything else — without
 * executing anything. A round trip to it is the client, the
 * network and the kernel; a round trip to a real server adds the server's own work.
 */
public final class CannedResponder implements AutoCloseable {

    private static final int READ_BUFFER_BYTES = 64 * 1024;
    private static final byte[] OK = CannedReply.ok().bytes();
    private static final byte[] HELLO = ("*14\r\n$6\r\nserver\r\n$5\r\nredis\r\n$7\r\nversion\r\n$5\r\n7.0.0\r\n"
            + "$5\r\nproto\r\n:2\r\n$2\r\nid\r\n:1\r\n$4\r\nmode\r\n$10\r\nstandalone\r\n"
            + "$4\r\nrole\r\n$6\r\nmaster\r\n$7\r\nmodules\r\n*0\r\n").getBytes(StandardCharsets.US_ASCII);

    private final ServerSocketChannel listener;
    private final Selector selector;
    private final byte[] getReply;
    private final Thread loop;

    private CannedResponder(ServerSocketChannel listener, Selector selector, byte[] getReply) {
        this.listener = listener;
        this.selector = selector;
        this.getReply = getReply;
        this.loop = new Thread(this::serve, "canned-responder");
        this.loop.setDaemon(true);
    }

    /** Starts answering on a free loopback port; every GET gets {@code value}. */
    public static CannedResponder start(byte[] value) throws IOException {
        ServerSocketChannel listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        listener.configureBlocking(false);
        Selector selector = Selector.open();
        listener.register(selector, SelectionKey.OP_ACCEPT);
        CannedResponder responder = new CannedResponder(listener, selector, CannedReply.bulk(value).bytes());
        responder.loop.start();
        return responder;
    }

    public ServerAddress address() {
        InetSocketAddress bound = (InetSocketAddress) listener.socket().getLocalSocketAddress();
        return new ServerAddress(bound.getHostString(), bound.getPort());
    }

    private void serve() {
        try {
            while (selector.isOpen()) {
                selector.select();
                for (SelectionKey key : selector.selectedKeys()) {
                    handle(key);
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException | ClosedSelectorException e) {
            // Closed: the benchmark is over.
        }
    }

    private void handle(SelectionKey key) throws IOException {
        if (!key.isValid()) {
            return;
        }
        if (key.isAcceptable()) {
            SocketChannel channel = listener.accept();
            if (channel != null) {
                channel.configureBlocking(false);
                channel.socket().setTcpNoDelay(true);
                channel.register(selector, SelectionKey.OP_READ, new Connection());
            }
            return;
        }
        Connection connection = (Connection) key.attachment();
        SocketChannel channel = (SocketChannel) key.channel();
        try {
            if (key.isReadable() && channel.read(connection.in) < 0) {
                key.cancel();
                channel.close();
                return;
            }
            connection.answer(getReply);
            connection.out.flip();
            channel.write(connection.out);
            connection.out.compact();
            key.interestOps(connection.out.position() > 0 ? SelectionKey.OP_WRITE : SelectionKey.OP_READ);
        } catch (IOException | IllegalArgumentException e) {
            // A broken connection or bytes that are not RESP: drop that client, serve the rest.
            key.cancel();
            channel.close();
        }
    }

    @Override
    public void close() throws IOException {
        selector.close();
        listener.close();
        try {
            loop.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One client's unparsed input and unsent replies. */
    static final class Connection {
        ByteBuffer in = ByteBuffer.allocate(READ_BUFFER_BYTES);
        ByteBuffer out = ByteBuffer.allocate(READ_BUFFER_BYTES);

        /** Answers every whole command in {@code in}; a partial one stays for the next read. */
        void answer(byte[] getReply) {
            in.flip();
            int end;
            while ((end = RespCommands.end(in, in.position())) > 0) {
                int from = in.position();
                reply(RespCommands.is(in, from, "GET") ? getReply : RespCommands.is(in, from, "HELLO") ? HELLO : OK);
                in.position(end);
            }
            in.compact();
            if (!in.hasRemaining()) {
                in = grow(in);
            }
        }

        private void reply(byte[] reply) {
            if (out.remaining() < reply.length) {
                out = grow(out);
            }
            out.put(reply);
        }

        private static ByteBuffer grow(ByteBuffer buffer) {
            ByteBuffer bigger = ByteBuffer.allocate(buffer.capacity() * 2);
            buffer.flip();
            return bigger.put(buffer);
        }
    }
}
