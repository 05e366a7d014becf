package dev.metric.client.jedis;

import dev.metric.client.Request;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;

/** A request as the command arguments Jedis writes, and a reply as the request's outcome. */
final class JedisCommands {

    private JedisCommands() {
    }

    static CommandArguments arguments(Request request) {
        return switch (request.command()) {
            case GET -> new CommandArguments(Protocol.Command.GET).key(request.key());
            case SET -> new CommandArguments(Protocol.Command.SET).key(request.key()).add(request.value());
            case SETEX -> new CommandArguments(Protocol.Command.SETEX).key(request.key()).add(request.ttlSeconds())
                    .add(request.value());
        };
    }

    /** Completes {@code request} with its raw reply: a GET's value (or null), nothing for a write's {@code OK}. */
    static void succeed(Request request, Object reply) {
        request.succeeded(request.command() == Request.Command.GET && reply instanceof byte[] bytes ? bytes : null);
    }
}
