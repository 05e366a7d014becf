package dev.metric.client.lettuce;

import dev.metric.client.ClientException;
import dev.metric.client.ReplyType;
import dev.metric.client.Request;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.protocol.RedisCommand;
import java.util.List;

/** Hands a Lettuce command's outcome back to the request it was made for, whichever lease sent it. */
final class LettuceOutcome {

    private LettuceOutcome() {
    }

    /**
     * Completes {@code request} with {@code command}'s result, or with its failure.
     *
     * @return whether the connection failed (a lost connection, a timeout) rather than the server
     *         answering: such a pooled connection is not to be reused
     */
    @SuppressWarnings("unchecked")
    static boolean deliver(Request request, RedisCommand<byte[], byte[], ?> command, Object result,
                           Throwable failure) {
        if (failure == null && request.command() == Request.Command.MGET) {
            request.succeededWithValues((List<byte[]>) result);
        } else if (failure == null && command.getOutput() instanceof ValueIntoRequestOutput output) {
            request.succeededInBuffer(output.length());
        } else if (failure == null && command.getOutput() instanceof ReplyTypeOutput output) {
            request.succeededAs(result == null ? ReplyType.NIL : (ReplyType) result, output.string(),
                    output.strings());
        } else if (failure == null) {
            request.succeeded(result instanceof byte[] bytes ? bytes : null);
        } else if (failure instanceof RedisCommandExecutionException reply) {
            request.rejected(reply.getMessage());
        } else {
            request.failed(ClientException.describe(ClientException.rootCause(failure)));
            return true;
        }
        return false;
    }
}
