package dev.metric.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIMatcher;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.StandardConstants;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The keys users bring, read and then used: each form of the client key must complete a handshake
 * with a server that demands a client certificate signed by the test CA, which only the right key
 * can. The server is an in-process TLS socket that records what the client sent.
 */
class TlsContextTest {

    @TempDir
    static Path directory;

    private static TestCertificates certificates;

    @BeforeAll
    static void makeCertificates() throws Exception {
        certificates = TestCertificates.create(directory);
    }

    @Test
    void everyFormOfTheKeyProvesTheClientsCertificate() throws Exception {
        for (Path key : List.of(certificates.clientKey(), certificates.clientKeyPkcs1())) {
            assertEquals("CN=metric", handshake(tls(key, null, null)).clientSubject(), key.toString());
        }
        for (Path key : List.of(certificates.clientKeyEncryptedPkcs8(), certificates.clientKeyEncryptedPkcs1())) {
            assertEquals("CN=metric", handshake(tls(key, TestCertificates.KEY_PASSWORD, null)).clientSubject(),
                    key.toString());
        }
    }

    @Test
    void anEcKeyInSec1FormProvesItsCertificate() throws Exception {
        List<Path> ec = certificates.ecClient();
        assertTrue(Files.readString(ec.get(1)).startsWith("-----BEGIN EC PRIVATE KEY-----"), "SEC1, not PKCS#8");

        assertEquals("CN=metric-ec", handshake(new Tls(certificates.caCert(), ec.get(0), ec.get(1), null, null,
                false)).clientSubject());
    }

    @Test
    void theServerNameAskedForIsTheOneSent() throws Exception {
        assertEquals(List.of("redis.example"), handshake(tls(certificates.clientKey(), null, "redis.example"))
                .serverNames());
        assertEquals(List.of(), handshake(tls(certificates.clientKey(), null, null)).serverNames(),
                "no name for an address");
    }

    @Test
    void anEncryptedKeyWithoutItsPasswordOrWithAWrongOneIsRefusedByName() throws Exception {
        Path encrypted = certificates.clientKeyEncryptedPkcs8();

        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> TlsContext.of(tls(encrypted, null, null)));
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> TlsContext.of(tls(encrypted, "not it", null)));

        assertTrue(none.getMessage().startsWith("key " + encrypted + ": "), none.getMessage());
        assertTrue(none.getMessage().contains("give its password with keyPassword"), none.getMessage());
        assertTrue(wrong.getMessage().contains("that keyPassword's password opens"), wrong.getMessage());
    }

    @Test
    void filesThatAreMissingOrNotPemAreRefusedByOption() throws Exception {
        Path notPem = Files.writeString(directory.resolve("not.pem"), "hello\n");
        Path missing = directory.resolve("missing.pem");

        assertEquals("caCert " + notPem + ": not a PEM certificate", assertThrows(IllegalArgumentException.class,
                () -> TlsContext.of(new Tls(notPem, null, null, null, null, false))).getMessage());
        assertEquals("cert " + notPem + ": not a PEM certificate", assertThrows(IllegalArgumentException.class,
                () -> TlsContext.of(new Tls(null, notPem, certificates.clientKey(), null, null, false))).getMessage());
        assertEquals("caCert " + missing + ": no such file", assertThrows(IllegalArgumentException.class,
                () -> TlsContext.of(new Tls(missing, null, null, null, null, false))).getMessage());
        assertEquals("key " + missing + ": no such file", assertThrows(IllegalArgumentException.class,
                () -> TlsContext.of(new Tls(null, certificates.clientCert(), missing, null, null, false)))
                .getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new Tls(null, null, null, null, "bad name!", false)).getMessage().startsWith("sni bad name!:"));
    }

    @Test
    void theKeysPasswordIsNeverShown() {
        Tls tls = tls(certificates.clientKey(), "hunter2", null);

        assertTrue(!tls.toString().contains("hunter2") && tls.keyPasswordGiven(), tls.toString());
    }

    private static Tls tls(Path key, String password, String sni) {
        return new Tls(certificates.caCert(), certificates.clientCert(), key, password, sni, false);
    }

    /** What the server saw of a handshake. */
    private record Seen(String clientSubject, List<String> serverNames) {
    }

    /** One TLS handshake from a client built of {@code tls} to a server that demands a client certificate. */
    private static Seen handshake(Tls tls) throws Exception {
        TlsContext client = TlsContext.of(tls);
        JdkSslContext server = (JdkSslContext) SslContextBuilder
                .forServer(certificates.serverCert().toFile(), certificates.serverKey().toFile())
                .trustManager(certificates.caCert().toFile()).sslProvider(SslProvider.JDK).build();
        List<String> names = new CopyOnWriteArrayList<>();
        try (SSLServerSocket listening = (SSLServerSocket) server.context().getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            listening.setNeedClientAuth(true);
            SSLParameters parameters = listening.getSSLParameters();
            parameters.setSNIMatchers(List.of(new SNIMatcher(StandardConstants.SNI_HOST_NAME) {
                @Override
                public boolean matches(SNIServerName name) {
                    names.add(((SNIHostName) name).getAsciiName());
                    return true;
                }
            }));
            listening.setSSLParameters(parameters);
            CompletableFuture<String> subject = CompletableFuture.supplyAsync(() -> {
                try (SSLSocket accepted = (SSLSocket) listening.accept()) {
                    accepted.startHandshake();
                    return accepted.getSession().getPeerPrincipal().getName();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (SSLSocket socket = (SSLSocket) client.socketFactory().createSocket("127.0.0.1",
                    listening.getLocalPort())) {
                socket.setSSLParameters(client.parameters());
                socket.startHandshake();
                socket.getInputStream().read();
            } catch (IOException closedAfterHandshake) {
                // the server closes once it has the client's certificate
            }
            return new Seen(subject.get(10, TimeUnit.SECONDS), List.copyOf(names));
        }
    }
}
