package dev.metric.client.folsom;

import com.spotify.folsom.MemcacheClient;
import com.spotify.folsom.MemcacheStatus;
import dev.metric.client.ClientException;
import dev.metric.client.Request;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * metric's requests as folsom's calls, for both kinds of lease: GET, SET, SETEX (a set with an
 * expiry) and MGET (a multi-key get) are memcached's {@code get}, {@code set} and
 * {@code get k1 k2 ...}; a command of the user's has no memcached form here and fails.
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
    static byte[] get(MemcacheClient<byte[]> client, byte[] key) {
        return await("get", client.get(text(key)));
    }

    /** A blocking set without expiry. */
    static void set(MemcacheClient<byte[]> client, byte[] key, byte[] value) {
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
     * Hands {@code request} to folsom, stamps it as on the wire (folsom writes it from its I/O
     * thread), and completes it from its reply, on the thread folsom completes it on.
     */
    static void dispatch(MemcacheClient<byte[]> client, Request request) {
        switch (request.command()) {
            case GET -> {
                CompletionStage<byte[]> reply = client.get(text(request.key()));
                request.markOnWire();
                reply.whenComplete((value, failure) -> {
                    if (failure == null) {
                        request.succeeded(value);
                    } else {
                        request.failed(describe(failure));
                    }
                });
            }
            case SET, SETEX -> {
                CompletionStage<MemcacheStatus> reply = client.set(text(request.key()), request.value(),
                        Math.toIntExact(request.ttlSeconds()));
                request.markOnWire();
                reply.whenComplete((status, failure) -> {
                    if (failure != null) {
                        request.failed(describe(failure));
                    } else if (status == MemcacheStatus.OK) {
                        request.succeeded(null);
                    } else {
                        request.rejected(status.name());
                    }
                });
            }
            case MGET -> {
                CompletionStage<List<byte[]>> reply = client.get(texts(request.keys()));
                request.markOnWire();
                reply.whenComplete((values, failure) -> {
                    if (failure == null) {
                        request.succeededWithValues(values);
                    } else {
                        request.failed(describe(failure));
                    }
                });
            }
            case CUSTOM -> request.failed("memcached has no form of " + new String(request.arguments()[0],
                    KEY_CHARSET) + " here: metric sends get, set and multi-key get to memcached");
        }
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
