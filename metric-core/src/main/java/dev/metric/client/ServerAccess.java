package dev.metric.client;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Who connects and how: the ACL user and password, and TLS. Kept apart from the address so
 * that every connection metric opens (the measured clients, the admin connection, the probe)
 * authenticates and encrypts the same way. The password never leaves this record: it is not in
 * {@link #toString()} nor in a result file.
 *
 * @param user     ACL user, or null for the default user
 * @param password password, or null for none
 * @param tls      TLS settings, or null for a plain connection
 */
public record ServerAccess(String user, String password, Tls tls) {

    /** No authentication, no TLS. */
    public static final ServerAccess PLAIN = new ServerAccess(null, null, null);

    public ServerAccess {
        if (user != null && password == null) {
            throw new IllegalArgumentException("ACL user " + user + " needs a password");
        }
    }

    /** The password, for the client libraries only; left out of result files. */
    @Override
    @JsonIgnore
    public String password() {
        return password;
    }

    /** Whether a password is used, which a result may say. */
    @JsonProperty("authenticated")
    public boolean authenticated() {
        return password != null;
    }

    public boolean plain() {
        return password == null && tls == null;
    }

    @Override
    public String toString() {
        return "ServerAccess[user=" + user + ", password=" + (password == null ? "none" : "(hidden)") + ", tls=" + tls
                + "]";
    }
}
