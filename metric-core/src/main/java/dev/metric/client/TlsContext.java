package dev.metric.client;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The JSSE objects both client libraries take, built from the PEM files redis-server itself
 * uses: a trust store from {@code --cacert} (else the JVM's), a key store from {@code --cert}
 * and {@code --key}, and host name checking unless {@code --insecure}.
 */
public final class TlsContext {

    private static final char[] IN_MEMORY = new char[0];

    private final TrustManagerFactory trust;
    private final KeyManagerFactory keys;
    private final SSLContext context;
    private final boolean insecure;

    private TlsContext(TrustManagerFactory trust, KeyManagerFactory keys, SSLContext context, boolean insecure) {
        this.trust = trust;
        this.keys = keys;
        this.context = context;
        this.insecure = insecure;
    }

    /**
     * Reads the files {@code tls} names.
     *
     * @throws IllegalArgumentException with a one-line reason when a file is missing or not PEM
     */
    public static TlsContext of(Tls tls) {
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(tls.caCert() == null ? null : trustStore(tls.caCert()));
            KeyManagerFactory keys = null;
            if (tls.cert() != null) {
                keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                keys.init(keyStore(tls.cert(), tls.key()), IN_MEMORY);
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys == null ? null : keys.getKeyManagers(),
                    tls.insecure() ? new TrustManager[] {new TrustEverything()} : trust.getTrustManagers(), null);
            return new TlsContext(trust, keys, context, tls.insecure());
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("TLS set-up failed: " + ClientException.describe(e), e);
        }
    }

    /** Trust for the server's certificate (Lettuce); ignored by the libraries under {@code --insecure}. */
    public TrustManagerFactory trustManagers() {
        return trust;
    }

    /** The client certificate and key, or null when none was given. */
    public KeyManagerFactory keyManagers() {
        return keys;
    }

    public boolean insecure() {
        return insecure;
    }

    /** Sockets for Jedis. */
    public SSLSocketFactory socketFactory() {
        return context.getSocketFactory();
    }

    /** Parameters for Jedis's sockets: the host name must match the certificate unless insecure. */
    public SSLParameters parameters() {
        SSLParameters parameters = context.getDefaultSSLParameters();
        if (!insecure) {
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
        }
        return parameters;
    }

    private static KeyStore trustStore(Path caCert) throws GeneralSecurityException {
        KeyStore store = emptyStore();
        int i = 0;
        for (Certificate certificate : certificates(caCert, "--cacert")) {
            store.setCertificateEntry("ca-" + i++, certificate);
        }
        return store;
    }

    private static KeyStore keyStore(Path cert, Path key) throws GeneralSecurityException {
        KeyStore store = emptyStore();
        store.setKeyEntry("client", privateKey(key),
                IN_MEMORY, certificates(cert, "--cert").toArray(new Certificate[0]));
        return store;
    }

    private static KeyStore emptyStore() throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try {
            store.load(null, null);
        } catch (IOException impossible) {
            throw new IllegalStateException(impossible);
        }
        return store;
    }

    private static Collection<? extends Certificate> certificates(Path file, String option)
            throws GeneralSecurityException {
        try (InputStream in = Files.newInputStream(file)) {
            Collection<? extends Certificate> certificates = CertificateFactory.getInstance("X.509")
                    .generateCertificates(in);
            if (certificates.isEmpty()) {
                throw new IllegalArgumentException(option + " " + file + ": no PEM certificate in it");
            }
            return certificates;
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(option + " " + file + ": no such file", e);
        } catch (IOException | java.security.cert.CertificateException e) {
            throw new IllegalArgumentException(option + " " + file + ": not a PEM certificate ("
                    + ClientException.describe(e) + ")", e);
        }
    }

    private static PrivateKey privateKey(Path file) throws GeneralSecurityException {
        String pem;
        try {
            pem = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("--key " + file + ": no such file", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("--key " + file + ": " + ClientException.describe(e), e);
        }
        String begin = "-----BEGIN PRIVATE KEY-----";
        int start = pem.indexOf(begin);
        int end = pem.indexOf("-----END PRIVATE KEY-----");
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("--key " + file + ": expected an unencrypted PKCS#8 PEM key (BEGIN"
                    + " PRIVATE KEY); convert with: openssl pkcs8 -topk8 -nocrypt -in " + file + " -out key.pem");
        }
        byte[] der = Base64.getMimeDecoder().decode(pem.substring(start + begin.length(), end));
        PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(der);
        for (String algorithm : new String[] {"RSA", "EC", "Ed25519"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (java.security.spec.InvalidKeySpecException notThisOne) {
                // try the next algorithm
            }
        }
        throw new IllegalArgumentException("--key " + file + ": not an RSA, EC or Ed25519 key");
    }

    /** {@code --insecure}: any certificate is accepted, as the user asked. */
    private static final class TrustEverything extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
