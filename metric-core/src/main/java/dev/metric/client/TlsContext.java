package dev.metric.client;

import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import dev.metric.settings.SettingMessage;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocketFactory;

/**
 * TLS for both client libraries, from the PEM files redis-server itself uses, read by Netty's
 * {@link SslContextBuilder} (with Bouncy Castle for PKCS#1 and SEC1 keys) rather than by code of
 * our own: a trust store from {@code --cacert} (else the JVM's), a client certificate and key
 * (PKCS#8, PKCS#1 or SEC1, encrypted or not), the server name to send, and host name checking
 * unless {@code --insecure}. Jedis takes its socket factory and parameters; Lettuce, which builds
 * its own {@link SslContextBuilder}, takes {@link #configure}.
 */
public final class TlsContext {

    private final Tls tls;
    private final JdkSslContext context;

    private TlsContext(Tls tls, JdkSslContext context) {
        this.tls = tls;
        this.context = context;
    }

    /**
     * Reads the files {@code tls} names.
     *
     * @throws IllegalArgumentException with a one-line reason naming the setting (a
     *                                  {@link SettingException}) when a file is missing, not PEM, or
     *                                  a key that cannot be read
     */
    public static TlsContext of(Tls tls) {
        SslContextBuilder builder = SslContextBuilder.forClient().sslProvider(SslProvider.JDK);
        configure(builder, tls);
        try {
            return new TlsContext(tls, (JdkSslContext) builder.build());
        } catch (SSLException e) {
            throw new IllegalArgumentException("TLS set-up failed: " + ClientException.describe(e), e);
        }
    }

    /** Sets {@code builder}'s trust, client certificate and server name as this context has them. */
    public void configure(SslContextBuilder builder) {
        configure(builder, tls);
    }

    private static void configure(SslContextBuilder builder, Tls tls) {
        if (tls.insecure()) {
            builder.trustManager(InsecureTrustManagerFactory.INSTANCE);
        } else if (tls.caCert() != null) {
            existing(tls.caCert(), Setting.CA_CERT);
            try {
                builder.trustManager(tls.caCert().toFile());
            } catch (IllegalArgumentException e) {
                throw unreadable(Setting.CA_CERT, tls.caCert(), "not a PEM certificate", e);
            }
        }
        if (tls.cert() != null) {
            existing(tls.cert(), Setting.CERT);
            existing(tls.key(), Setting.KEY);
            try {
                builder.keyManager(tls.cert().toFile(), tls.key().toFile(), tls.keyPassword());
            } catch (IllegalArgumentException e) {
                throw keyManagerFailure(tls, e);
            }
        }
        if (tls.sni() != null) {
            builder.serverName(new SNIHostName(tls.sni()));
        }
    }

    private static IllegalArgumentException keyManagerFailure(Tls tls, IllegalArgumentException e) {
        if (String.valueOf(e.getMessage()).contains("certificates")) {
            return unreadable(Setting.CERT, tls.cert(), "not a PEM certificate", e);
        }
        SettingMessage reason = tls.keyPassword() == null
                ? SettingMessage.of("not a PEM private key (PKCS#8, PKCS#1 or SEC1), or an encrypted one: give its"
                        + " password with ", Setting.KEY_PASSWORD_FILE)
                : SettingMessage.of("not a PEM private key (PKCS#8, PKCS#1 or SEC1) that ", Setting.KEY_PASSWORD_FILE,
                        "'s password opens");
        return unreadable(Setting.KEY, tls.key(), reason, e);
    }

    private static Path existing(Path file, Setting option) {
        if (!Files.isRegularFile(file)) {
            throw SettingException.of(option, " " + file + ": no such file");
        }
        if (!Files.isReadable(file)) {
            throw SettingException.of(option, " " + file + ": not readable");
        }
        return file;
    }

    private static SettingException unreadable(Setting option, Path file, String reason, Exception e) {
        return unreadable(option, file, SettingMessage.of(reason), e);
    }

    private static SettingException unreadable(Setting option, Path file, SettingMessage reason, Exception e) {
        return new SettingException(SettingMessage.of(option, " " + file + ": ").followedBy(reason.parts().toArray()),
                e);
    }

    public boolean insecure() {
        return tls.insecure();
    }

    /**
     * A handler that encrypts one Netty connection to {@code address}, its engine set up as
     * {@link #parameters()} says, for metric's own RESP client.
     */
    public SslHandler newHandler(ByteBufAllocator allocator, ServerAddress address) {
        SslHandler handler = context.newHandler(allocator, address.host(), address.port());
        handler.engine().setSSLParameters(parameters());
        return handler;
    }

    /** Sockets for Jedis. */
    public SSLSocketFactory socketFactory() {
        return context.context().getSocketFactory();
    }

    /**
     * Parameters for Jedis's sockets and Lettuce's engines: the host name must match the
     * certificate unless insecure, and {@code --sni}'s name, when given, is the one sent.
     */
    public SSLParameters parameters() {
        SSLParameters parameters = context.context().getDefaultSSLParameters();
        if (!tls.insecure()) {
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
        }
        if (tls.sni() != null) {
            parameters.setServerNames(List.of(new SNIHostName(tls.sni())));
        }
        return parameters;
    }
}
