package dev.metric.cli.option;

import dev.metric.cli.convert.SettingNames;
import dev.metric.client.ServerAccess;
import dev.metric.client.Tls;
import dev.metric.client.TlsContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * Who metric connects as and how the connection is protected: the ACL user, the password (from a
 * file, the environment or the terminal, and then nowhere but to the client libraries), and TLS
 * with its certificates and keys. Part of {@link ServerOptions}, which says where the server is.
 */
final class CredentialOptions {

    @Option(names = "--user", paramLabel = "NAME", description = "ACL user to authenticate as; needs a password.")
    String user;

    @Option(names = "--password-file", paramLabel = "FILE",
            description = "Read the password from the first line of FILE. Also: the " + SettingNames.PASSWORD_VARIABLE
                    + " environment variable, or --askpass.")
    Path passwordFile;

    @Option(names = "--askpass", description = "Prompt for the password on the terminal.")
    boolean askPass;

    @Option(names = "--password", paramLabel = "PASSWORD",
            description = "The password. Works, but others can read it in the process list: prefer --password-file, "
                    + SettingNames.PASSWORD_VARIABLE + " or --askpass.")
    String password;

    @Option(names = "--tls", description = "Connect with TLS.")
    boolean tls;

    @Option(names = "--cacert", paramLabel = "FILE",
            description = "With --tls: PEM certificate(s) of the CA that signed the server's (default: the JVM's).")
    Path caCert;

    @Option(names = "--cert", paramLabel = "FILE", description = "With --tls: PEM client certificate, with --key.")
    Path cert;

    @Option(names = "--key", paramLabel = "FILE",
            description = "With --tls: PEM key of --cert: PKCS#8, PKCS#1 (BEGIN RSA PRIVATE KEY) or SEC1 (BEGIN EC"
                    + " PRIVATE KEY), encrypted or not.")
    Path key;

    @Option(names = "--key-password-file", paramLabel = "FILE",
            description = "With --key: read the password of an encrypted key from the first line of FILE.")
    Path keyPasswordFile;

    @Option(names = "--sni", paramLabel = "NAME",
            description = "With --tls: the server name to send in the handshake (default: --host, when it is a"
                    + " name). The certificate is still checked against --host unless --insecure.")
    String sni;

    @Option(names = "--insecure",
            description = "With --tls: trust any server certificate and skip the host name check.")
    boolean insecure;

    /** Whether a password option was given (the environment does not count). */
    boolean passwordGiven() {
        return password != null || passwordFile != null || askPass;
    }

    /** The credentials and TLS of these options alone. */
    ServerAccess access(Consumer<String> warnings) {
        return access(user, tls, null, warnings);
    }

    /**
     * The credentials and TLS of these options joined with what a URI gave.
     *
     * @param userName      the user, from the URI or --user, or null
     * @param useTls        whether the URI or --tls asks for TLS
     * @param givenPassword the password the URI carries, or null to take it from the options or
     *                      the environment
     */
    ServerAccess access(String userName, boolean useTls, String givenPassword, Consumer<String> warnings) {
        if (!useTls && (caCert != null || cert != null || key != null || keyPasswordFile != null || sni != null
                || insecure)) {
            throw new IllegalArgumentException("--cacert, --cert, --key, --key-password-file, --sni and --insecure"
                    + " need --tls (or a rediss:// URI)");
        }
        Tls tlsSettings = null;
        if (useTls) {
            tlsSettings = new Tls(caCert, cert, key,
                    keyPasswordFile == null ? null : firstLine(keyPasswordFile, "--key-password-file"), sni,
                    insecure);
            TlsContext.of(tlsSettings);
        }
        String secret = givenPassword != null ? givenPassword : password(warnings);
        if (userName != null && secret == null) {
            throw new IllegalArgumentException("--user " + userName + " needs a password: --password-file, "
                    + SettingNames.PASSWORD_VARIABLE + " or --askpass");
        }
        return new ServerAccess(secret == null ? null : userName, secret, tlsSettings);
    }

    /** The password from the one source given, else from the environment, else none. */
    private String password(Consumer<String> warnings) {
        int sources = (password != null ? 1 : 0) + (passwordFile != null ? 1 : 0) + (askPass ? 1 : 0);
        if (sources > 1) {
            throw new IllegalArgumentException("choose one of --password, --password-file and --askpass");
        }
        if (password != null) {
            warnings.accept(visibleWarning("--password"));
            return password;
        }
        if (passwordFile != null) {
            return firstLine(passwordFile, "--password-file");
        }
        if (askPass) {
            return PasswordPrompt.read("password: ");
        }
        return System.getenv(SettingNames.PASSWORD_VARIABLE);
    }

    private static String firstLine(Path file, String option) {
        try {
            return Files.readAllLines(file).stream().findFirst().orElse("");
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(option + " " + file + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException(option + " " + file + ": cannot read it ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    /** The warning that a password given on the command line ({@code option}) is visible to others. */
    static String visibleWarning(String option) {
        return "warning: the password given with " + option + " is visible to other users in the process list;"
                + " prefer --password-file, " + SettingNames.PASSWORD_VARIABLE + " or --askpass";
    }
}
