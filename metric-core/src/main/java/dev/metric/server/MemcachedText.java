package dev.metric.server;

import dev.metric.client.ServerAddress;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One blocking connection speaking memcached's text protocol, for what a run does outside its
 * measured traffic: the reachability check, {@code stats}, the flush the user asked for and the
 * reads that look at a server's keys. Kept apart from the measured client, as {@link ServerAdmin}
 * is for Redis, so that none of this shows up in its connections or histograms.
 */
final class MemcachedText implements AutoCloseable {

    private static final byte[] CRLF = {'\r', '\n'};
    private static final int BUFFER_BYTES = 64 * 1024;

    private final ServerAddress address;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private MemcachedText(ServerAddress address, Socket socket) throws IOException {
        this.address = address;
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), BUFFER_BYTES);
        this.out = socket.getOutputStream();
    }

    /**
     * Connects and checks that a memcached server answers {@code version}. The connection and that
     * check each get {@code connectTimeout}, so that a port where nothing answers fails fast; later
     * commands get {@code commandTimeout}.
     *
     * @throws ServerUnreachableException with a one-line reason otherwise
     */
    static MemcachedText connect(ServerAddress address, Duration connectTimeout, Duration commandTimeout) {
        String where = "cannot talk to a memcached server at " + address + ": ";
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(address.host(), address.port()),
                    Math.toIntExact(connectTimeout.toMillis()));
            socket.setSoTimeout(Math.toIntExact(connectTimeout.toMillis()));
            MemcachedText connection = new MemcachedText(address, socket);
            String version = connection.version();
            if (version == null) {
                socket.close();
                throw new ServerUnreachableException(where + "it does not answer as a memcached server (is it a"
                        + " Redis port? give --protocol redis)", false, null);
            }
            socket.setSoTimeout(Math.toIntExact(commandTimeout.toMillis()));
            return connection;
        } catch (ConnectException e) {
            closeQuietly(socket);
            throw new ServerUnreachableException(where + "connection refused (nothing listens there)", true, e);
        } catch (UnknownHostException e) {
            closeQuietly(socket);
            throw new ServerUnreachableException(where + "unknown host " + address.host(), false, e);
        } catch (SocketTimeoutException e) {
            closeQuietly(socket);
            throw new ServerUnreachableException(where + "timed out", false, e);
        } catch (IOException e) {
            closeQuietly(socket);
            throw new ServerUnreachableException(where + e.getMessage(), false, e);
        }
    }

    ServerAddress address() {
        return address;
    }

    /** The server's version, or null when what answered is not memcached. */
    String version() throws IOException {
        send("version");
        String line = line();
        return line.startsWith("VERSION ") ? line.substring("VERSION ".length()).strip() : null;
    }

    /** {@code stats}, or {@code stats <group>} ({@code settings}, ...) when {@code group} is not empty. */
    Map<String, String> stats(String group) throws IOException {
        send(group.isEmpty() ? "stats" : "stats " + group);
        Map<String, String> stats = new LinkedHashMap<>();
        for (String line = line(); !line.equals("END"); line = line()) {
            String[] parts = line.split(" ", 3);
            if (parts.length < 3 || !parts[0].equals("STAT")) {
                throw unexpected("stats", line);
            }
            stats.put(parts[1], parts[2]);
        }
        return stats;
    }

    /** Removes every item: {@code flush_all}. */
    void flushAll() throws IOException {
        send("flush_all");
        expect("flush_all", "OK");
    }

    /** The values {@code keys} hold now, a null element for a key that is not there. */
    List<byte[]> get(List<byte[]> keys) throws IOException {
        ByteArrayOutputStream command = new ByteArrayOutputStream();
        command.writeBytes("get".getBytes(StandardCharsets.US_ASCII));
        for (byte[] key : keys) {
            command.write(' ');
            command.writeBytes(key);
        }
        command.writeBytes(CRLF);
        out.write(command.toByteArray());
        out.flush();
        Map<String, byte[]> found = new HashMap<>();
        for (String line = line(); !line.equals("END"); line = line()) {
            String[] parts = line.split(" ");
            if (parts.length < 4 || !parts[0].equals("VALUE")) {
                throw unexpected("get", line);
            }
            byte[] value = in.readNBytes(Integer.parseInt(parts[3]));
            line();
            found.put(parts[1], value);
        }
        List<byte[]> values = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            values.add(found.get(new String(key, StandardCharsets.ISO_8859_1)));
        }
        return values;
    }

    /** Deletes {@code key}; whether it was there. */
    boolean delete(byte[] key) throws IOException {
        send("delete " + new String(key, StandardCharsets.ISO_8859_1));
        String line = line();
        if (!line.equals("DELETED") && !line.equals("NOT_FOUND")) {
            throw unexpected("delete", line);
        }
        return line.equals("DELETED");
    }

    /**
     * Every key the server holds, live items only (neither expired nor flushed), from
     * {@code lru_crawler metadump all}; null when the server refuses the dump (its LRU crawler
     * disabled or busy). The crawler walks the items as they are, so a key written or expired
     * meanwhile may be missed or listed once more.
     */
    List<byte[]> keys() throws IOException {
        send("lru_crawler metadump all");
        List<byte[]> keys = new ArrayList<>();
        for (String line = line(); !line.equals("END"); line = line()) {
            if (line.startsWith("ERROR") || line.startsWith("BUSY") || line.startsWith("CLIENT_ERROR")) {
                return null;
            }
            int start = line.startsWith("key=") ? 4 : -1;
            int end = line.indexOf(' ');
            if (start > 0) {
                keys.add(urlDecoded(line.substring(start, end < 0 ? line.length() : end)));
            }
        }
        return keys;
    }

    /** metadump's keys are URL-encoded: %XX for each byte outside the unreserved set. */
    private static byte[] urlDecoded(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 2 < text.length()) {
                bytes.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                bytes.write(c);
            }
        }
        return bytes.toByteArray();
    }

    private void send(String command) throws IOException {
        out.write(command.getBytes(StandardCharsets.ISO_8859_1));
        out.write(CRLF);
        out.flush();
    }

    private void expect(String command, String reply) throws IOException {
        String line = line();
        if (!line.equals(reply)) {
            throw unexpected(command, line);
        }
    }

    private static IOException unexpected(String command, String line) {
        return new IOException("memcached answered " + command + " with " + line);
    }

    /**
     * One line of the reply, without its line end: CRLF, or the bare LF that ends each line of a
     * metadump.
     */
    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(128);
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("memcached at " + address + " closed the connection");
            }
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
            }
            line.write(b);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing a socket that failed to connect: nothing to keep.
        }
    }

    @Override
    public void close() {
        closeQuietly(socket);
    }
}
