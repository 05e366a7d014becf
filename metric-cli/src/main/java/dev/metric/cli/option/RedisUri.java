package dev.metric.cli.option;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * {@code redis://[user[:password]@]host[:port][/db]}, or {@code rediss://} for TLS: the form
 * redis-cli and most client libraries take, parsed into its parts. {@code redis+cluster://} and
 * {@code rediss+cluster://} name one node of a Redis Cluster.
 *
 * @param password null when the URI has none
 * @param user     null when the URI names none
 * @param cluster  whether the host is a node of a cluster
 */
record RedisUri(String host, int port, int database, String user, String password, boolean tls, boolean cluster) {

    static final int DEFAULT_PORT = 6379;
    private static final String CLUSTER_SUFFIX = "+cluster";

    /** Parses {@code text}; a malformed URI is an IllegalArgumentException naming the problem (never the password). */
    static RedisUri parse(String text) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("--uri is not a URI: " + e.getReason());
        }
        String scheme = String.valueOf(uri.getScheme());
        boolean cluster = scheme.endsWith(CLUSTER_SUFFIX);
        boolean tls = scheme.startsWith("rediss");
        if (!Set.of("redis", "rediss", "redis" + CLUSTER_SUFFIX, "rediss" + CLUSTER_SUFFIX).contains(scheme)) {
            throw new IllegalArgumentException("--uri must start with redis://, rediss://, redis+cluster:// or"
                    + " rediss+cluster://");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("--uri names no host: redis://[user[:password]@]host[:port][/db]");
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        int database = 0;
        if (!path.isEmpty() && !path.equals("/")) {
            try {
                database = Integer.parseInt(path.substring(1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--uri: the path must be a database number, got '" + path + "'");
            }
        }
        String user = null;
        String password = null;
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
            password = colon < 0 ? null : decode(userInfo.substring(colon + 1));
            if (user.isEmpty()) {
                user = null;
            }
        }
        return new RedisUri(uri.getHost(), uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort(), database, user, password,
                tls, cluster);
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return (tls ? "rediss" : "redis") + (cluster ? CLUSTER_SUFFIX : "") + "://" + (user == null ? "" : user + "@")
                + host + ":" + port + "/" + database;
    }
}
