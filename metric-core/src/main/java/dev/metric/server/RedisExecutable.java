package dev.metric.server;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import redis.embedded.core.ExecutableProvider;

/**
 * Where a local redis-server binary comes from: the one on PATH when there is one (the user's
 * own, usually newer), else the build for this OS and architecture that the embedded-redis
 * dependency packages in the jar.
 *
 * @param path   the executable
 * @param origin in words, for the notice that says which server was started
 */
public record RedisExecutable(Path path, String origin) {

    private static final String NAME = "redis-server";

    /**
     * Finds the executable: PATH first, then the packaged build.
     *
     * @throws IOException when neither is available for this platform
     */
    public static RedisExecutable locate() throws IOException {
        return locate(System.getenv("PATH"));
    }

    /** Finds the executable in the directories of {@code searchPath}, then the packaged build. */
    static RedisExecutable locate(String searchPath) throws IOException {
        Optional<Path> onPath = WatchedProcess.onPath(NAME, searchPath);
        if (onPath.isPresent()) {
            return new RedisExecutable(onPath.get(), NAME + " on PATH (" + onPath.get() + ")");
        }
        try {
            File packaged = ExecutableProvider.newJarResourceProvider().get();
            return new RedisExecutable(packaged.toPath(), "the " + NAME + " build packaged in metric's jar");
        } catch (IOException | RuntimeException e) {
            throw new IOException("no " + NAME + " on PATH and no packaged build for "
                    + System.getProperty("os.name") + "/" + System.getProperty("os.arch") + ": " + e.getMessage(), e);
        }
    }
}
