package dev.metric.client.folsom;

import com.spotify.folsom.AsciiMemcacheClient;
import com.spotify.folsom.MemcacheStatus;
import dev.metric.client.ClientException;
import dev.metric.client.MemcachedCommand;
import dev.metric.client.ReplyType;
import dev.metric.client.Request;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;

/**
 * metric's requests as folsom's calls, for both kinds of lease: GET, SET, SETEX (a set with an
 * expiry) and MGET (a multi-key get) are memcached's {@code get}, {@code set} and
 * {@code get k1 k2 ...}; a command of the user's is one of {@link MemcachedCommand}'s, its reply
 * typed as that enum says.
 */
final class FolsomRequests {

    /**
     * Keys go to folsom as text: one char per byte, so that folsom writes back exactly the bytes
     * metric generated.
     */
    static final Charset KEY_CHARSET = StandardCharsets.ISO_8859_1;

    private FolsomRequests() {
    }

    /** A blocking get. */
    static byte[] get(AsciiMemcacheClient<byte[]> client, byte[] key) {
        return await("get", client.get(text(key)));
    }

    /** A blocking set without expiry. */
    static void set(AsciiMemcacheClient<byte[]> client, byte[] key, byte[] value) {
        MemcacheStatus status = await("set", client.set(text(key), value, 0));
        if (status != MemcacheStatus.OK) {
            throw new ClientException("set failed: " + status, null);
        }
    }

    private static <T> T await(String command, CompletionStage<T> reply) {
        try {
            return reply.toCompletableFuture().get();
        } catch (ExecutionException e) {
            throw new ClientException(command + " failed: " + ClientException.describe(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientException(command + " interrupted", e);
        }
    }

    /**
     * Stamps {@code request} as on the wire, hands it to folsom (which writes it from its I/O
     * thread), and completes it from its reply, on the thread folsom completes it on.
     */
    static void dispatch(AsciiMemcacheClient<byte[]> client, Request request) {
        request.markOnWire();
        switch (request.command()) {
            case GET -> completeFrom(request, client.get(text(request.key())), Request::succeeded);
            case SET, SETEX -> completeFrom(request, client.set(text(request.key()), request.value(),
                    Math.toIntExact(request.ttlSeconds())), (written, status) -> {
                        if (status == MemcacheStatus.OK) {
                            written.succeeded(null);
                        } else {
                            written.rejected(status.name());
                        }
                    });
            case MGET -> completeFrom(request, client.get(texts(request.keys())), Request::succeededWithValues);
            case CUSTOM -> custom(client, request);
        }
    }

    /** Completes {@code request} from {@code reply}: by {@code answered} with what the server said, or as failed. */
    private static <T> void completeFrom(Request request, CompletionStage<T> reply, BiConsumer<Request, T> answered) {
        reply.whenComplete((result, failure) -> {
            if (failure == null) {
                answered.accept(request, result);
            } else {
                request.failed(describe(failure));
            }
        });
    }

    /** A command of the user's, checked when its template was (TemplateConfig). */
    private static void custom(AsciiMemcacheClient<byte[]> client, Request request) {
        byte[][] arguments = request.arguments();
        String name = new String(arguments[0], KEY_CHARSET);
        MemcachedCommand command = MemcachedCommand.named(name).orElse(null);
        if (command == null || !command.takes(arguments.length - 1)) {
            request.failed("memcached has no " + name + " of " + (arguments.length - 1) + " arguments here");
            return;
        }
        String key = text(arguments[1]);
        int ttl = arguments.length == 4 ? number(arguments[3]) : 0;
        CompletionStage<?> reply = switch (command) {
            case GET -> client.get(key);
            case SET -> client.set(key, arguments[2], ttl);
            case ADD -> client.add(key, arguments[2], ttl);
            case REPLACE -> client.replace(key, arguments[2], ttl);
            case APPEND -> client.append(key, arguments[2]);
            case PREPEND -> client.prepend(key, arguments[2]);
            case DELETE -> client.delete(key);
            case TOUCH -> client.touch(key, number(arguments[2]));
            case INCR -> client.incr(key, number(arguments[2]));
            case DECR -> client.decr(key, number(arguments[2]));
        };
        completeFrom(request, reply, (answered, result) -> {
            if (result instanceof MemcacheStatus status) {
                storedOrNot(answered, command, status);
            } else if (result instanceof byte[] value) {
                answered.succeededAs(ReplyType.STRING, value, null);
            } else {
                // A miss of get, incr or decr; an incr's or decr's new value.
                answered.succeededAs(result == null ? ReplyType.NIL : ReplyType.INTEGER, null, null);
            }
        });
    }

    /**
     * A status as the nearest RESP reply: a stored item as a string, an item not stored (add of a key
     * that is there, replace or append of one that is not) as nil, the outcome of a delete or a touch
     * as an integer; anything else (too large, out of memory) as the server's refusal.
     */
    private static void storedOrNot(Request request, MemcachedCommand command, MemcacheStatus status) {
        boolean counted = command == MemcachedCommand.DELETE || command == MemcachedCommand.TOUCH;
        switch (status) {
            case OK -> request.succeededAs(counted ? ReplyType.INTEGER : ReplyType.STRING, null, null);
            case KEY_NOT_FOUND, ITEM_NOT_STORED, KEY_EXISTS ->
                    request.succeededAs(counted ? ReplyType.INTEGER : ReplyType.NIL, null, null);
            default -> request.rejected(status.name());
        }
    }

    private static int number(byte[] digits) {
        return Integer.parseInt(new String(digits, KEY_CHARSET));
    }

    private static String text(byte[] key) {
        return new String(key, KEY_CHARSET);
    }

    private static List<String> texts(byte[][] keys) {
        return Arrays.stream(keys).map(FolsomRequests::text).toList();
    }

    /** A failure as folsom delivers it, without the wrapper a completion stage adds. */
    private static String describe(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        return ClientException.describe(cause);
    }
}
