package dev.metric.client.lettuce;

import dev.metric.client.ReplyType;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import java.nio.ByteBuffer;

/**
 * Keeps what a custom command's reply is, not its contents: the type of its outermost value, and
 * the bytes of that value when it is a string. Nested elements of an array or map are seen and
 * dropped, so a reply of any size costs no more than its parsing.
 */
final class ReplyTypeOutput extends CommandOutput<byte[], byte[], ReplyType> {

    private boolean typed;
    private byte[] string;

    ReplyTypeOutput() {
        super(ByteArrayCodec.INSTANCE, null);
    }

    /** The outermost value's bytes when it was a string, else null. */
    byte[] string() {
        return string;
    }

    private void first(ReplyType type) {
        if (!typed) {
            typed = true;
            output = type;
        }
    }

    @Override
    public void set(ByteBuffer bytes) {
        if (!typed && bytes != null) {
            string = new byte[bytes.remaining()];
            bytes.get(string);
        }
        first(bytes == null ? ReplyType.NIL : ReplyType.STRING);
    }

    @Override
    public void setSingle(ByteBuffer bytes) {
        set(bytes);
    }

    @Override
    public void setBigNumber(ByteBuffer bytes) {
        first(ReplyType.OTHER);
    }

    @Override
    public void set(long integer) {
        first(ReplyType.INTEGER);
    }

    @Override
    public void set(double number) {
        first(ReplyType.DOUBLE);
    }

    @Override
    public void set(boolean value) {
        first(ReplyType.OTHER);
    }

    @Override
    public void multi(int count) {
        first(count < 0 ? ReplyType.NIL : ReplyType.ARRAY);
    }

    @Override
    public void multiArray(int count) {
        multi(count);
    }

    @Override
    public void multiSet(int count) {
        multi(count);
    }

    @Override
    public void multiPush(int count) {
        multi(count);
    }

    @Override
    public void multiMap(int count) {
        first(ReplyType.MAP);
    }
}
