package dev.metric.server;

import dev.metric.client.ServerAddress;
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
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One blocking connection speaking memcached's text protocol, for what a run does outside its
 * measured traffic: the reachability check, {@code stats}, the flush the user asked for and the
 * reads that look at a server's keys. Kept apart from the measured client, as {@link ServerAdmin}
 * is for Redis, so that none of this shows up in its connections or histograms.
 */
final class MemcachedText implements AutoCloseable {

    private static final byte[] CRLF = {'\r', '\n'};
    private static final int BUFFER_BYTES = 64 * 1024;
    private static final byte[] END = ascii("END");
    private static final byte[] ERROR = ascii("ERROR");
    private static final byte[] BUSY = ascii("BUSY");
    private static final byte[] CLIENT_ERROR = ascii("CLIENT_ERROR");
    private static final byte[] KEY_FIELD = ascii("key=");

    private final ServerAddress address;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    /** What was read from the socket; {@link #position} to {@link #limit} is not consumed yet. */
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int position;
    private int limit;
    /** The last line read, without its line end; grows for a longer one. */
    private byte[] line = new byte[256];
    private int lineLength;

    private MemcachedText(ServerAddress address, Socket socket) throws IOException {
        this.address = address;
        this.socket = socket;
        this.in = socket.getInputStream();
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
            byte[] value = bytes(Integer.parseInt(parts[3]));
            line();
            found.put(parts[1], value);
        }
        List<byte[]> values = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            values.add(found.get(new String(key, StandardCharsets.ISO_8859_1)));
        }
        return values;
    }

    /**
     * Stores {@code value} under {@code key} unless it is there ({@code add}), no expiry, no flags;
     * memcached's reply: {@code STORED}, {@code NOT_STORED} when it was there, or why not.
     */
    String add(byte[] key, byte[] value) throws IOException {
        out.write(("add " + new String(key, StandardCharsets.ISO_8859_1) + " 0 0 " + value.length)
                .getBytes(StandardCharsets.ISO_8859_1));
        out.write(CRLF);
        out.write(value);
        out.write(CRLF);
        out.flush();
        return line();
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
     * Hands {@code action} every key the server holds, live items only (neither expired nor
     * flushed), from {@code lru_crawler metadump all}, one at a time: none is kept, so a server of
     * millions of keys costs the time to read its dump and no memory. False when the server refuses
     * the dump (its LRU crawler disabled or busy). The crawler walks the items as they are, so a key
     * written or expired meanwhile may be missed or listed once more.
     */
    boolean eachKey(Consumer<byte[]> action) throws IOException {
        send("lru_crawler metadump all");
        while (true) {
            nextLine();
            if (startsWith(END) && lineLength == END.length) {
                return true;
            }
            if (startsWith(ERROR) || startsWith(BUSY) || startsWith(CLIENT_ERROR)) {
                return false;
            }
            if (startsWith(KEY_FIELD)) {
                action.accept(urlDecodedKey());
            }
        }
    }

    /**
     * The key of a metadump line, {@code key=<key> exp=...}: URL-encoded there, %XX for each byte
     * outside the unreserved set.
     */
    private byte[] urlDecodedKey() {
        int end = KEY_FIELD.length;
        while (end < lineLength && line[end] != ' ') {
            end++;
        }
        byte[] decoded = new byte[end - KEY_FIELD.length];
        int length = 0;
        for (int i = KEY_FIELD.length; i < end; i++) {
            if (line[i] == '%' && i + 2 < end) {
                decoded[length++] = (byte) (Character.digit(line[i + 1], 16) << 4 | Character.digit(line[i + 2], 16));
                i += 2;
            } else {
                decoded[length++] = line[i];
            }
        }
        return Arrays.copyOf(decoded, length);
    }

    private boolean startsWith(byte[] prefix) {
        return lineLength >= prefix.length && Arrays.equals(line, 0, prefix.length, prefix, 0, prefix.length);
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
        nextLine();
        return new String(line, 0, lineLength, StandardCharsets.ISO_8859_1);
    }

    /** Reads the next line into {@link #line}, scanning what the socket gave in bulk for its LF. */
    private void nextLine() throws IOException {
        lineLength = 0;
        while (true) {
            fill();
            int end = position;
            while (end < limit && buffer[end] != '\n') {
                end++;
            }
            append(end - position);
            if (end < limit) {
                position = end + 1;
                if (lineLength > 0 && line[lineLength - 1] == '\r') {
                    lineLength--;
                }
                return;
            }
            position = limit;
        }
    }

    private void append(int length) {
        if (lineLength + length > line.length) {
            line = Arrays.copyOf(line, Math.max(2 * line.length, lineLength + length));
        }
        System.arraycopy(buffer, position, line, lineLength, length);
        lineLength += length;
    }

    /** The next {@code count} bytes of the reply: a value's data block. */
    private byte[] bytes(int count) throws IOException {
        byte[] bytes = new byte[count];
        for (int done = 0; done < count; ) {
            fill();
            int length = Math.min(count - done, limit - position);
            System.arraycopy(buffer, position, bytes, done, length);
            position += length;
            done += length;
        }
        return bytes;
    }

    /** Makes sure the buffer holds a byte not consumed yet, reading the socket when it holds none. */
    private void fill() throws IOException {
        if (position < limit) {
            return;
        }
        int read = in.read(buffer);
        if (read < 0) {
            throw new IOException("memcached at " + address + " closed the connection");
        }
        position = 0;
        limit = read;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
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
