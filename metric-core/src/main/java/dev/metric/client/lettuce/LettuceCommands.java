package dev.metric.client.lettuce;

import dev.metric.client.ReplyType;
import dev.metric.client.Request;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.output.ValueListOutput;
import io.lettuce.core.output.ValueOutput;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.lettuce.core.protocol.ProtocolKeyword;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The Lettuce commands metric sends, built as Lettuce's own command builder builds them. */
final class LettuceCommands {

    private LettuceCommands() {
    }

    /** The command {@code request} asks for. */
    static Command<byte[], byte[], ?> of(Request request) {
        return switch (request.command()) {
            case GET -> get(request.key());
            case SET -> set(request.key(), request.value());
            case SETEX -> setex(request.key(), request.ttlSeconds(), request.value());
            case MGET -> mget(request.keys());
            case CUSTOM -> custom(request.arguments(), request.key(), request.keepsStrings());
        };
    }

    /**
     * The command {@code request} asks for, a GET's value read into the request's own buffer: for a
     * binding that reads replies and reuses requests on one thread ({@link ValueIntoRequestOutput}).
     */
    static Command<byte[], byte[], ?> intoRequest(Request request) {
        if (request.command() != Request.Command.GET) {
            return of(request);
        }
        return new Command<>(CommandType.GET, new ValueIntoRequestOutput(request),
                new CommandArgs<>(ByteArrayCodec.INSTANCE).addKey(request.key()));
    }

    static Command<byte[], byte[], byte[]> get(byte[] key) {
        return new Command<>(CommandType.GET, new ValueOutput<>(ByteArrayCodec.INSTANCE),
                new CommandArgs<>(ByteArrayCodec.INSTANCE).addKey(key));
    }

    static Command<byte[], byte[], List<byte[]>> mget(byte[][] keys) {
        return new Command<>(CommandType.MGET, new ValueListOutput<>(ByteArrayCodec.INSTANCE),
                new CommandArgs<>(ByteArrayCodec.INSTANCE).addKeys(keys));
    }

    /** A custom command, its key (when it has one) marked as one so that a cluster can route it. */
    static Command<byte[], byte[], ReplyType> custom(byte[][] arguments, byte[] key, boolean keepStrings) {
        CommandArgs<byte[], byte[]> args = new CommandArgs<>(ByteArrayCodec.INSTANCE);
        for (int i = 1; i < arguments.length; i++) {
            if (arguments[i] == key) {
                args.addKey(arguments[i]);
            } else {
                args.add(arguments[i]);
            }
        }
        return new Command<>(new Keyword(arguments[0]), new ReplyTypeOutput(keepStrings), args);
    }

    /**
     * A template's command name, which Lettuce sends as it is and does not know: Lettuce tells the
     * commands it acts on (MULTI, EXEC, SELECT, ...) by their type's text, so the text here is not
     * the bare name. Otherwise a template's MULTI would have Lettuce hold the commands after it
     * until EXEC, each completing with EXEC's reply rather than its own QUEUED, and one left before
     * an EXEC the run never sends would never complete.
     */
    private record Keyword(byte[] bytes) implements ProtocolKeyword {
        @Override
        public byte[] getBytes() {
            return bytes;
        }

        @Override
        public String toString() {
            return "template " + new String(bytes, StandardCharsets.UTF_8);
        }
    }

    static Command<byte[], byte[], String> set(byte[] key, byte[] value) {
        return new Command<>(CommandType.SET, new StatusOutput<>(ByteArrayCodec.INSTANCE),
                new CommandArgs<>(ByteArrayCodec.INSTANCE).addKey(key).addValue(value));
    }

    static Command<byte[], byte[], String> setex(byte[] key, long ttlSeconds, byte[] value) {
        return new Command<>(CommandType.SETEX, new StatusOutput<>(ByteArrayCodec.INSTANCE),
                new CommandArgs<>(ByteArrayCodec.INSTANCE).addKey(key).add(ttlSeconds).addValue(value));
    }
}
