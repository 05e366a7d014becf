package dev.metric.client.lettuce;

import dev.metric.client.CannedReply;
import dev.metric.client.WireCodec;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.output.ValueOutput;
import io.lettuce.core.protocol.AsyncCommand;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.RedisStateMachine;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;

/**
 * Lettuce's request path without its channel: the command and its future built as
 * {@link LettuceLease} builds them, encoded into a pooled direct buffer as Lettuce's
 * {@code CommandEncoder} does, and each reply copied into a buffer and parsed by Lettuce's own
 * {@link RedisStateMachine} into the command's output, as its {@code CommandHandler} does.
 * What is left out is the hand-over to and from Lettuce's I/O thread.
 */
public final class LettuceWireCodec implements WireCodec {

    private static final int BUFFER_BYTES = 8192;

    private final ByteBuf requestBuffer = PooledByteBufAllocator.DEFAULT.directBuffer(BUFFER_BYTES);
    private final ByteBuf replyBuffer = PooledByteBufAllocator.DEFAULT.directBuffer(BUFFER_BYTES);
    private final RedisStateMachine parser = new RedisStateMachine(PooledByteBufAllocator.DEFAULT);

    @Override
    public int encodeGet(byte[] key) {
        return encode(LettuceCommands.get(key));
    }

    @Override
    public int encodeSet(byte[] key, byte[] value) {
        return encode(LettuceCommands.set(key, value));
    }

    @Override
    public int encodeSetex(byte[] key, long ttlSeconds, byte[] value) {
        return encode(LettuceCommands.setex(key, ttlSeconds, value));
    }

    private int encode(Command<byte[], byte[], ?> command) {
        AsyncCommand<byte[], byte[], ?> future = new AsyncCommand<>(command);
        requestBuffer.clear();
        future.encode(requestBuffer);
        return requestBuffer.readableBytes();
    }

    @Override
    public byte[] lastRequest() {
        return ByteBufUtil.getBytes(requestBuffer);
    }

    @Override
    public byte[] decodeBulk(CannedReply reply) {
        return decode(reply, new ValueOutput<>(ByteArrayCodec.INSTANCE));
    }

    @Override
    public String decodeStatus(CannedReply reply) {
        return decode(reply, new StatusOutput<>(ByteArrayCodec.INSTANCE));
    }

    private <T> T decode(CannedReply reply, CommandOutput<byte[], byte[], T> output) {
        replyBuffer.clear().writeBytes(reply.bytes());
        if (!parser.decode(replyBuffer, output)) {
            throw new IllegalStateException(
                    "Lettuce did not parse a whole reply from " + reply.bytes().length + " bytes");
        }
        return output.get();
    }

    /** Gives the buffers back to Netty's pool. */
    @Override
    public void close() {
        requestBuffer.release();
        replyBuffer.release();
        parser.close();
    }
}
