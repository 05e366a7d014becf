package dev.metric.cli;

import dev.metric.client.ClientSettings;
import dev.metric.client.RespVersion;
import dev.metric.client.ServerAccess;
import dev.metric.client.ServerAddress;
import dev.metric.client.Tls;
import dev.metric.client.TlsContext;
import dev.metric.server.ServerTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Where the server is, how to connect to it (timeouts, credentials, TLS), and whether metric may
 * start one: shared by every command that runs load. The password is read from a file, the
 * environment or the terminal, and goes nowhere but to the client libraries.
 */
final class ServerOptions {

    /** The environment variable a password may come from. */
    static final String PASSWORD_VARIABLE = "METRIC_PASSWORD";
    /** The most masters --embedded-cluster starts: each is a process on this machine. */
    static final int MAX_EMBEDDED_MASTERS = 16;

    @Option(names = "--host", paramLabel = "HOST",
            description = "Server host. Without it metric uses 127.0.0.1 and, when nothing answers there, "
                    + "starts a local redis-server for the run (see --no-embedded).")
    String host;

    @Option(names = "--db", paramLabel = "N",
            description = "Logical database to use (default: 0). Other databases are never touched.")
    Integer database;

    @Option(names = "--uri", paramLabel = "URI",
            description = "The server as redis://[user[:password]@]host[:port][/db], or rediss://... for TLS:"
                    + " instead of --host, --db and the port argument.")
    String uri;

    @Option(names = "--cluster",
            description = "The server is a node of a Redis Cluster: run through the libraries' cluster clients"
                    + " (JedisCluster, Lettuce's RedisClusterClient), with the pool size per node."
                    + " A redis+cluster:// or rediss+cluster:// --uri implies it.")
    boolean cluster;

    @Option(names = "--embedded-cluster", paramLabel = "N",
            description = "Start a local cluster of N masters (real redis-server processes, 7.0 or later) for the"
                    + " run, and stop it on exit. Implies --cluster.")
    Integer embeddedCluster;

    @Option(names = "--no-embedded",
            description = "Fail with exit code 3 instead of starting a local redis-server when none answers.")
    boolean noEmbedded;

    @Option(names = "--connect-timeout", paramLabel = "T", defaultValue = "2s", converter = TimeoutConverter.class,
            description = "Limit for opening a connection and for the server's first reply, e.g. 500ms or 5s"
                    + " (default: ${DEFAULT-VALUE}). An unreachable server fails the run with exit code 3 within it.")
    Duration connectTimeout;

    @Option(names = "--timeout", paramLabel = "T", defaultValue = "2s", converter = TimeoutConverter.class,
            description = "Limit for one reply (default: ${DEFAULT-VALUE}). A request past it counts as an error;"
                    + " a server that accepts no connection for longer ends the run with what it measured.")
    Duration commandTimeout;

    @Option(names = "--resp", paramLabel = "2|3", defaultValue = "2",
            description = "Protocol version every connection of the run negotiates: 2 (RESP2) or 3 (RESP3, through"
                    + " HELLO; Redis 6 and later) (default: ${DEFAULT-VALUE}).")
    int resp;

    @Option(names = "--user", paramLabel = "NAME", description = "ACL user to authenticate as; needs a password.")
    String user;

    @Option(names = "--password-file", paramLabel = "FILE",
            description = "Read the password from the first line of FILE. Also: the " + PASSWORD_VARIABLE
                    + " environment variable, or --askpass.")
    Path passwordFile;

    @Option(names = "--askpass", description = "Prompt for the password on the terminal.")
    boolean askPass;

    @Option(names = "--password", paramLabel = "PASSWORD",
            description = "The password. Works, but others can read it in the process list: prefer --password-file, "
                    + PASSWORD_VARIABLE + " or --askpass.")
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

    private Endpoint endpoint;

    /**
     * Where the run goes and how it connects.
     *
     * @param host             the host, or null for the default address (where a local server may be
     *                         started)
     * @param database         the logical database
     * @param access           credentials and TLS
     * @param cluster          whether the host is a node of a cluster
     * @param embeddedCluster  masters of the local cluster to start, 0 for none
     */
    record Endpoint(String host, int port, int database, ServerAccess access, boolean cluster, int embeddedCluster) {

        /** The address to connect to: the host, or the default address. */
        ServerAddress address() {
            return new ServerAddress(host == null ? ServerTarget.DEFAULT_HOST : host, port);
        }
    }

    /**
     * Works out the endpoint once, from --uri or --host, --db and {@code port}, reading the
     * password and checking the TLS files; later calls return the same.
     *
     * @param port     the port argument, null when not given
     * @param warnings where a warning about a password on the command line goes
     * @throws IllegalArgumentException on conflicting or bad options
     */
    Endpoint endpoint(Integer port, Consumer<String> warnings) {
        if (endpoint == null) {
            Endpoint resolved = resolve(port, warnings);
            resolved.address(); // checks the port
            endpoint = resolved;
        }
        return endpoint;
    }

    /**
     * {@link #endpoint(Integer, Consumer)} for {@code spec}'s command: warnings go to its stderr,
     * bad options are usage errors.
     */
    Endpoint endpoint(Integer port, CommandSpec spec) {
        try {
            return endpoint(port, spec.commandLine().getErr()::println);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private Endpoint resolve(Integer port, Consumer<String> warnings) {
        Endpoint resolved = named(port, warnings);
        if (resolved.cluster() && resolved.database() != 0) {
            throw new IllegalArgumentException("a Redis Cluster has db 0 only: leave out --db (or the URI's /"
                    + resolved.database() + ")");
        }
        if (embeddedCluster == null) {
            return resolved;
        }
        if (embeddedCluster < 1 || embeddedCluster > MAX_EMBEDDED_MASTERS) {
            throw new IllegalArgumentException("--embedded-cluster must be 1.." + MAX_EMBEDDED_MASTERS + ", got "
                    + embeddedCluster);
        }
        if (host != null || uri != null || port != null) {
            throw new IllegalArgumentException("--embedded-cluster starts its own cluster: give it without --host,"
                    + " --uri or the port argument");
        }
        if (!resolved.access().plain()) {
            throw new IllegalArgumentException("--embedded-cluster starts servers without credentials or TLS:"
                    + " leave out --user, the password and --tls");
        }
        return new Endpoint(null, resolved.port(), 0, resolved.access(), true, embeddedCluster);
    }

    private Endpoint named(Integer port, Consumer<String> warnings) {
        if (uri == null) {
            return new Endpoint(host, port == null ? RedisUri.DEFAULT_PORT : port, database == null ? 0 : database,
                    access(user, tls, null, warnings), cluster, 0);
        }
        if (host != null || database != null || port != null) {
            throw new IllegalArgumentException("--uri names the host, port and database: give it without --host,"
                    + " --db or the port argument");
        }
        RedisUri parsed = RedisUri.parse(uri);
        if (parsed.password() != null) {
            if (password != null || passwordFile != null || askPass) {
                throw new IllegalArgumentException("the password is given twice: in --uri and in another option");
            }
            warnings.accept(visibleWarning("--uri"));
        }
        if (parsed.user() != null && user != null) {
            throw new IllegalArgumentException("the user is given twice: in --uri and with --user");
        }
        return new Endpoint(parsed.host(), parsed.port(), parsed.database(),
                access(parsed.user() != null ? parsed.user() : user, parsed.tls() || tls, parsed.password(), warnings),
                parsed.cluster() || cluster, 0);
    }

    /**
     * @param givenPassword the password the URI carries, or null to take it from the options or
     *                      the environment
     */
    private ServerAccess access(String userName, boolean useTls, String givenPassword, Consumer<String> warnings) {
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
                    + PASSWORD_VARIABLE + " or --askpass");
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
        return System.getenv(PASSWORD_VARIABLE);
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

    private static String visibleWarning(String option) {
        return "warning: the password given with " + option + " is visible to other users in the process list;"
                + " prefer --password-file, " + PASSWORD_VARIABLE + " or --askpass";
    }

    /** The connection settings for a pool of {@code poolSize} connections to {@code address}. */
    ClientSettings settings(ServerAddress address, int poolSize, boolean poolPerThread) {
        if (endpoint == null) {
            throw new IllegalStateException("endpoint() is resolved first");
        }
        return new ClientSettings(address, endpoint.database(), endpoint.access(), poolSize, poolPerThread,
                connectTimeout, commandTimeout, endpoint.cluster(), RespVersion.of(resp));
    }
}
