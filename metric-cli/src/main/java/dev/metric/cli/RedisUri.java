package dev.metric.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * {@code redis://[user[:password]@]host[:port][/db]}, or {@code rediss://} for TLS: the form
 * redis-cli and most client libraries take, parsed into its parts.
 *
 * @param password null when the URI has none
 * @param user     null when the URI names none
 */
record RedisUri(String host, int port, int database, String user, String password, boolean tls) {

    static final int DEFAULT_PORT = 6379;

    /** Parses {@code text}; a malformed URI is an IllegalArgumentException naming the problem (never the password). */
    static RedisUri parse(String text) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("--uri is not a URI: " + e.getReason());
        }
        String scheme = uri.getScheme();
        if (!"redis".equals(scheme) && !"rediss".equals(scheme)) {
            throw new IllegalArgumentException("--uri must start with redis:// or rediss://");
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
                "rediss".equals(scheme));
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return (tls ? "rediss://" : "redis://") + (user == null ? "" : user + "@") + host + ":" + port + "/" + database;
    }
}
