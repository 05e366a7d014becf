package dev.metric.client.lettuce;

import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.output.ValueOutput;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;

/** The Lettuce commands metric sends, built as Lettuce's own command builder builds them. */
final class LettuceCommands {

    private LettuceCommands() {
    }

    static Command<byte[], byte[], byte[]> get(byte[] key) {
        return new Command<>(CommandType.GET, new ValueOutput<>(ByteArrayCodec.INSTANCE),
                new CommandArgs<>(ByteArrayCodec.INSTANCE).addKey(key));
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
