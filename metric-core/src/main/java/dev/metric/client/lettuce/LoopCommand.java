package dev.metric.client.lettuce;

import dev.metric.client.Request;
import io.lettuce.core.protocol.AsyncCommand;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.RedisCommand;

/**
 * A command a loop lane sent, with the request it answers. Its class tells Lettuce's command
 * timeout to leave it alone: the lease that sent it keeps its timeout without a timer per command.
 */
final class LoopCommand extends AsyncCommand<byte[], byte[], Object> {

    private final Request request;

    @SuppressWarnings("unchecked")
    LoopCommand(Command<byte[], byte[], ?> command, Request request) {
        super((RedisCommand<byte[], byte[], Object>) command);
        this.request = request;
        whenComplete((result, failure) -> LettuceOutcome.deliver(request, command, result, failure));
    }

    Request request() {
        return request;
    }
}
