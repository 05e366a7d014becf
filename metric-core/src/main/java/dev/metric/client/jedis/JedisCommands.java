package dev.metric.client.jedis;

import dev.metric.client.ReplyType;
import dev.metric.client.Request;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.util.KeyValue;

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
            case MGET -> new CommandArguments(Protocol.Command.MGET).keys((Object[]) request.keys());
            case CUSTOM -> custom(request);
        };
    }

    /** A custom command as its name and arguments, its key marked as one so that a cluster can route it. */
    private static CommandArguments custom(Request request) {
        byte[][] arguments = request.arguments();
        byte[] name = arguments[0];
        CommandArguments command = new CommandArguments(() -> name);
        for (int i = 1; i < arguments.length; i++) {
            if (arguments[i] == request.key()) {
                command.key(arguments[i]);
            } else {
                command.add(arguments[i]);
            }
        }
        return command;
    }

    /**
     * Every string and number of a reply as Jedis reads it, in order: arrays, RESP3 maps (lists of
     * key-value pairs) and nested arrays flattened, numbers as {@link Request#numberText}, a nil
     * within an array as null.
     */
    static List<byte[]> flatten(Object reply, List<byte[]> into) {
        if (reply instanceof byte[] bytes) {
            into.add(bytes);
        } else if (reply instanceof List<?> list) {
            for (Object element : list) {
                if (element == null) {
                    into.add(null);
                } else {
                    flatten(element, into);
                }
            }
        } else if (reply instanceof KeyValue<?, ?> pair) {
            flatten(pair.getKey(), into);
            flatten(pair.getValue(), into);
        } else if (reply instanceof Double number) {
            into.add(Request.numberText(number).getBytes(StandardCharsets.US_ASCII));
        } else if (reply != null) {
            into.add(reply.toString().getBytes(StandardCharsets.US_ASCII));
        }
        return into;
    }

    /** The type of a reply as Jedis reads it in either protocol version. */
    static ReplyType typeOf(Object reply) {
        if (reply == null) {
            return ReplyType.NIL;
        }
        if (reply instanceof byte[]) {
            return ReplyType.STRING;
        }
        if (reply instanceof Long) {
            return ReplyType.INTEGER;
        }
        if (reply instanceof Double) {
            return ReplyType.DOUBLE;
        }
        if (reply instanceof List<?> list) {
            return !list.isEmpty() && list.get(0) instanceof KeyValue<?, ?> ? ReplyType.MAP : ReplyType.ARRAY;
        }
        return ReplyType.OTHER;
    }

    /**
     * Completes {@code request} with its raw reply: a GET's value (or null), an MGET's values
     * (byte arrays and nulls, in both protocol versions), nothing for a write's {@code OK}.
     */
    @SuppressWarnings("unchecked")
    static void succeed(Request request, Object reply) {
        if (request.command() == Request.Command.MGET) {
            request.succeededWithValues((List<byte[]>) reply);
            return;
        }
        if (request.command() == Request.Command.CUSTOM) {
            request.succeededAs(typeOf(reply), reply instanceof byte[] bytes ? bytes : null,
                    request.keepsStrings() ? flatten(reply, new ArrayList<>()) : null);
            return;
        }
        request.succeeded(request.command() == Request.Command.GET && reply instanceof byte[] bytes ? bytes : null);
    }
}
