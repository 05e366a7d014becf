package dev.metric.client.lettuce;

import dev.metric.client.ReplyType;
import dev.metric.client.Request;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps what a custom command's reply is, not its contents: the type of its outermost value, and
 * the bytes of that value when it is a string. Nested elements of an array or map are seen and
 * dropped, so a reply of any size costs no more than its parsing.
 */
final class ReplyTypeOutput extends CommandOutput<byte[], byte[], ReplyType> {

    private final List<byte[]> strings;
    private boolean typed;
    private byte[] string;

    /** @param keepStrings whether to keep every string and number of the reply too, flattened in order */
    ReplyTypeOutput(boolean keepStrings) {
        super(ByteArrayCodec.INSTANCE, null);
        this.strings = keepStrings ? new ArrayList<>() : null;
    }

    /**
     * Every string and number of the reply in order, numbers as decimal text, a nil within an array
     * as null; null unless kept.
     */
    List<byte[]> strings() {
        return strings;
    }

    private void keep(String text) {
        if (strings != null) {
            strings.add(text.getBytes(StandardCharsets.US_ASCII));
        }
    }

    /** The outermost value's bytes when it was a string, else null. */
    byte[] string() {
        return string;
    }

    /**
     * The outermost value's type. A reply that gave this output nothing was a {@code +QUEUED}, the
     * reply to a command inside MULTI, which Lettuce's decoder reads past without handing it on.
     */
    @Override
    public ReplyType get() {
        return typed ? output : ReplyType.STRING;
    }

    private void first(ReplyType type) {
        if (!typed) {
            typed = true;
            output = type;
        }
    }

    @Override
    public void set(ByteBuffer bytes) {
        if (bytes == null && typed && strings != null) {
            strings.add(null); // a nil within an array keeps its place
        }
        if (bytes != null && (!typed || strings != null)) {
            byte[] copy = new byte[bytes.remaining()];
            bytes.get(copy);
            if (!typed) {
                string = copy;
            }
            if (strings != null) {
                strings.add(copy);
            }
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
        keep(Long.toString(integer));
        first(ReplyType.INTEGER);
    }

    @Override
    public void set(double number) {
        keep(Request.numberText(number));
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
