package dev.metric.client.lettuce;

import dev.metric.client.Request;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import java.nio.ByteBuffer;

/**
 * A GET's value read straight into its request's own buffer ({@link Request#replyBuffer}) instead
 * of into a new array, as Lettuce's {@code ValueOutput} with its byte-array codec would: at 200-2000
 * byte values that array was most of what a loop lane allocated per GET, and so what paced the
 * collections in a measured window.
 *
 * <p>Only for a binding that reads replies and reuses requests on one thread (the loop lease): a
 * command that timed out stays with Lettuce until its reply comes, and that late reply must not land
 * in the buffer of the request's next use, which this output tells by the request's
 * {@link Request#use}.
 */
final class ValueIntoRequestOutput extends CommandOutput<byte[], byte[], byte[]> {

    private final Request request;
    private final int use;
    private int length = -1;

    ValueIntoRequestOutput(Request request) {
        super(ByteArrayCodec.INSTANCE, null);
        this.request = request;
        this.use = request.use();
    }

    /** The value's length, -1 for a missing key (a nil reply, or none yet). */
    int length() {
        return length;
    }

    @Override
    public void set(ByteBuffer bytes) {
        if (bytes == null || request.use() != use) {
            return;
        }
        int remaining = bytes.remaining();
        bytes.get(request.replyBuffer(remaining), 0, remaining);
        length = remaining;
    }
}
