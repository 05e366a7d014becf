package dev.metric.client;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import dev.metric.settings.SettingMessage;
import java.nio.file.Path;
import javax.net.ssl.SNIHostName;

/**
 * How to speak TLS to the server, as the user gave it: PEM files, or nothing for the JVM's
 * own trust store.
 *
 * @param caCert      PEM certificate(s) to trust for the server's certificate; null for the JVM's
 *                    default trust store
 * @param cert        PEM client certificate for servers that ask for one, or null
 * @param key         PEM private key of {@code cert} (PKCS#8, PKCS#1 or SEC1, encrypted or not), or null
 * @param keyPassword the password of an encrypted {@code key}, or null; never written out
 * @param sni         the server name to send in the handshake, or null for the host's own name
 * @param insecure    trust any server certificate and skip the host name check; only when asked
 */
public record Tls(Path caCert, Path cert, Path key, @JsonIgnore String keyPassword, String sni,
                  boolean insecure) {

    public Tls {
        if ((cert == null) != (key == null)) {
            throw SettingException.of(Setting.CERT, " and ", Setting.KEY,
                    " go together: a client certificate needs its key");
        }
        if (keyPassword != null && key == null) {
            throw SettingException.of(Setting.KEY_PASSWORD_FILE, " is the password of ", Setting.KEY, ": give ",
                    Setting.KEY, " too");
        }
        if (sni != null) {
            try {
                new SNIHostName(sni);
            } catch (IllegalArgumentException e) {
                throw new SettingException(SettingMessage.of(Setting.SNI, " " + sni + ": not a host name ("
                        + e.getMessage() + ")"), e);
            }
        }
    }

    /** Whether a password for the key was given: the JSON says so, never what it is. */
    @JsonProperty("keyPasswordGiven")
    public boolean keyPasswordGiven() {
        return keyPassword != null;
    }

    /** Everything but the key's password. */
    @Override
    public String toString() {
        return "Tls[caCert=" + caCert + ", cert=" + cert + ", key=" + key + ", keyPassword="
                + (keyPassword == null ? "none" : "given") + ", sni=" + sni + ", insecure=" + insecure + "]";
    }
}
