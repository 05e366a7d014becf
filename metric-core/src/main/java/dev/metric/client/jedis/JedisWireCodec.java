package dev.metric.client.jedis;

import dev.metric.client.CannedReply;
import dev.metric.client.WireCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import redis.clients.jedis.BuilderFactory;
import redis.clients.jedis.CommandObject;
import redis.clients.jedis.CommandObjects;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.util.RedisInputStream;
import redis.clients.jedis.util.RedisOutputStream;

/**
 * Jedis's request path without its socket: the {@link CommandObjects} a {@code Jedis} call builds,
 * {@link Protocol#sendCommand} into the same buffered stream and a flush, then {@link Protocol#read}
 * and the command's reply builder over a stream that delivers one reply per read, as a socket
 * does for a request and its answer.
 */
public final class JedisWireCodec implements WireCodec {

    private final CommandObjects commands = new CommandObjects(RedisProtocol.RESP2);
    private final ByteCountingSink sink = new ByteCountingSink();
    private final RedisOutputStream out = new RedisOutputStream(sink);
    private final ReplyFeed feed = new ReplyFeed();
    private final RedisInputStream in = new RedisInputStream(feed);

    @Override
    public int encodeGet(byte[] key) {
        return encode(commands.get(key));
    }

    @Override
    public int encodeSet(byte[] key, byte[] value) {
        return encode(commands.set(key, value));
    }

    @Override
    public int encodeSetex(byte[] key, long ttlSeconds, byte[] value) {
        return encode(commands.setex(key, ttlSeconds, value));
    }

    private int encode(CommandObject<?> command) {
        sink.newRequest();
        long before = sink.bytes;
        Protocol.sendCommand(out, command.getArguments());
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return (int) (sink.bytes - before);
    }

    @Override
    public byte[] lastRequest() {
        return sink.lastRequest();
    }

    @Override
    public byte[] decodeBulk(CannedReply reply) {
        feed.feed(reply.bytes());
        return BuilderFactory.BINARY.build(Protocol.read(in));
    }

    @Override
    public String decodeStatus(CannedReply reply) {
        feed.feed(reply.bytes());
        return BuilderFactory.STRING.build(Protocol.read(in));
    }

    /**
     * Where encoded requests go: counted, then dropped. It keeps a reference to the last block
     * written, Jedis's own buffer, which holds a request that fits it until the next request is
     * encoded: enough to read a request back without copying on every one.
     */
    private static final class ByteCountingSink extends OutputStream {
        long bytes;
        private byte[] block;
        private int blockOffset;
        private int blockLength;
        private int blocks;

        void newRequest() {
            blocks = 0;
        }

        byte[] lastRequest() {
            if (blocks != 1) {
                throw new IllegalStateException("the last request was written in " + blocks + " blocks, not one");
            }
            return Arrays.copyOfRange(block, blockOffset, blockOffset + blockLength);
        }

        @Override
        public void write(int b) {
            bytes++;
            blocks++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
            block = b;
            blockOffset = off;
            blockLength = len;
            blocks++;
        }
    }

    /**
     * Gives out the next reply as socket reads would: all of it in one read when it fits the
     * reader's buffer, else a buffer-full at a time.
     */
    private static final class ReplyFeed extends InputStream {
        private byte[] next;
        private int at;

        void feed(byte[] reply) {
            next = reply;
            at = 0;
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException("Jedis reads replies in blocks");
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (next == null) {
                return -1;
            }
            int read = Math.min(length, next.length - at);
            System.arraycopy(next, at, buffer, offset, read);
            at += read;
            if (at == next.length) {
                next = null;
            }
            return read;
        }
    }
}
