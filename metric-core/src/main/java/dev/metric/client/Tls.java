package dev.metric.client;

import java.nio.file.Path;

/**
 * How to speak TLS to the server, as the user gave it: PEM files, or nothing for the JVM's
 * own trust store.
 *
 * @param caCert   PEM certificate(s) to trust for the server's certificate; null for the JVM's
 *                 default trust store
 * @param cert     PEM client certificate for servers that ask for one, or null
 * @param key      PEM private key (PKCS#8) of {@code cert}, or null
 * @param insecure trust any server certificate and skip the host name check; only when asked
 */
public record Tls(Path caCert, Path cert, Path key, boolean insecure) {

    public Tls {
        if ((cert == null) != (key == null)) {
            throw new IllegalArgumentException("--cert and --key go together: a client certificate needs its key");
        }
    }
}
