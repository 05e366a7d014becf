package dev.metric.client.resp;

import dev.metric.client.CannedReply;
import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.client.WireCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * metric's own RESP client's request path without its channel: a request encoded by
 * {@link RespWriter} into a pooled direct buffer, as a connection encodes it, and each reply
 * copied into a buffer and read by a {@link RespReader} into its request, as a connection reads it.
 * A status reply is read as a command template's is, its string kept, so that it can be returned.
 */
public final class RespWireCodec implements WireCodec {

    private static final int BUFFER_BYTES = 8192;
    private static final byte[][] STATUS_COMMAND = {"SET".getBytes(StandardCharsets.US_ASCII)};

    private final ByteBuf requestBuffer = PooledByteBufAllocator.DEFAULT.directBuffer(BUFFER_BYTES);
    private final ByteBuf replyBuffer = PooledByteBufAllocator.DEFAULT.directBuffer(BUFFER_BYTES);
    private final RespReader reader = new RespReader();
    private final Request request = new Request(new Completion() {
        @Override
        public long nanoTime() {
            return 0;
        }

        @Override
        public void completed(Request completed) {
        }
    }) {
    };

    @Override
    public int encodeGet(byte[] key) {
        request.get(key);
        return encode();
    }

    @Override
    public int encodeSet(byte[] key, byte[] value) {
        request.set(key, value);
        return encode();
    }

    @Override
    public int encodeSetex(byte[] key, long ttlSeconds, byte[] value) {
        request.setex(key, ttlSeconds, value);
        return encode();
    }

    private int encode() {
        requestBuffer.clear();
        RespWriter.write(requestBuffer, request);
        return requestBuffer.readableBytes();
    }

    @Override
    public byte[] lastRequest() {
        return ByteBufUtil.getBytes(requestBuffer);
    }

    @Override
    public byte[] decodeBulk(CannedReply reply) {
        request.get(new byte[0]);
        decode(reply);
        return request.reply();
    }

    @Override
    public String decodeStatus(CannedReply reply) {
        request.custom(STATUS_COMMAND, 0);
        decode(reply);
        return new String(request.reply(), StandardCharsets.US_ASCII);
    }

    private void decode(CannedReply reply) {
        replyBuffer.clear().writeBytes(reply.bytes());
        if (!reader.read(replyBuffer, request)) {
            throw new IllegalStateException("no whole reply in " + reply.bytes().length + " bytes");
        }
        reader.deliver();
        if (request.error() != null) {
            throw new IllegalStateException("an error reply: " + request.error());
        }
    }

    /** Gives the buffers back to Netty's pool. */
    @Override
    public void close() {
        requestBuffer.release();
        replyBuffer.release();
    }
}
