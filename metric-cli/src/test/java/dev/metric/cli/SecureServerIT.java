package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.metric.cli.convert.SettingNames;
import dev.metric.client.TestCertificates;
import dev.metric.report.ResultSchema;
import dev.metric.server.LocalRedisServer;
import dev.metric.server.LoopbackPorts;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;

/**
 * A real redis-server that wants a password and, on a second port, TLS with client
 * certificates made by the test: credentials from every source, TLS in every mode, and the
 * password in no output and no file.
 */
@ExtendWith(LocalRedisExtension.class)
class SecureServerIT {

    private static final String PASSWORD = "s3cret-Pw-9f2";
    private static final String USER_PASSWORD = "alice-Pw-71c";

    @TempDir
    static Path directory;

    private static TestCertificates certificates;
    private static LocalRedisServer server;
    private static String plainPort;
    private static String tlsPort;
    private static Path passwordFile;
    private static Path userPasswordFile;

    @BeforeAll
    static void startServer(RedisServers servers) throws Exception {
        certificates = TestCertificates.create(directory);
        int tls = LoopbackPorts.free();
        server = servers.start("--tls-port", Integer.toString(tls),
                "--tls-cert-file", certificates.serverCert().toString(),
                "--tls-key-file", certificates.serverKey().toString(),
                "--tls-ca-cert-file", certificates.caCert().toString(),
                "--tls-auth-clients", "yes");
        try (Jedis jedis = new Jedis(server.address().host(), server.address().port())) {
            jedis.aclSetUser("alice", "on", ">" + USER_PASSWORD, "~*", "+@all");
            jedis.configSet("requirepass", PASSWORD);
        }
        plainPort = Integer.toString(server.address().port());
        tlsPort = Integer.toString(tls);
        passwordFile = Files.writeString(directory.resolve("password"), PASSWORD + "\n");
        userPasswordFile = Files.writeString(directory.resolve("alice"), USER_PASSWORD + "\n");
    }

    @Test
    void aUserAndPasswordFileAuthenticateAndThePasswordIsInNoOutputNorFile() throws IOException {
        Path json = directory.resolve("run.json");
        Path csv = directory.resolve("run.csv");
        Path hlog = directory.resolve("run.hlog");
        CliRun run = CliRun.of("mode1", "2", "1", plainPort, "--host", "127.0.0.1", "--user", "alice",
                "--password-file", userPasswordFile.toString(), "--reads", "500", "--json", json.toString(),
                "--csv", csv.toString(), "--hdr-log", hlog.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertNoPassword(USER_PASSWORD, run.out(), run.err(), json, csv, hlog);
        assertTrue(ResultSchema.assertValid(json).at("/config/client/access/authenticated").asBoolean());
    }

    @Test
    void aPasswordOnTheCommandLineWorksButWarnsThatOthersCanSeeIt() throws IOException {
        Path json = directory.resolve("visible.json");
        CliRun run = CliRun.of("mode2", "1", "1", plainPort, "--host", "127.0.0.1", "--client", "lettuce",
                "--password", PASSWORD, "--duration", "1", "--warmup", "0", "--json", json.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.err().contains("warning: the password given with --password is visible to other users"),
                run.err());
        assertNoPassword(PASSWORD, run.out(), run.err().replace("--password " + PASSWORD, ""), json);
    }

    @Test
    void thePasswordComesFromTheEnvironment() throws Exception {
        Process process = jar(List.of("mode1", "1", "1", plainPort, "--host", "127.0.0.1", "--reads", "200"),
                PASSWORD);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        assertFalse(output.contains(PASSWORD), output);
    }

    @Test
    void wrongOrMissingCredentialsExit3() throws IOException {
        Path wrong = Files.writeString(directory.resolve("wrong"), "not-the-password\n");
        ConnectionFailuresIT.assertExit3(CliRun.of("mode1", "1", "1", plainPort, "--host", "127.0.0.1",
                "--password-file", wrong.toString()), "authentication failed: WRONGPASS");
        ConnectionFailuresIT.assertExit3(CliRun.of("mode1", "1", "1", plainPort, "--host", "127.0.0.1"),
                "it requires a password; give it with --password-file");
        ConnectionFailuresIT.assertExit3(CliRun.of("mode1", "1", "1", plainPort, "--password-file", wrong.toString()),
                "authentication failed");
    }

    @ParameterizedTest
    @ValueSource(strings = {"jedis", "lettuce", "resp"})
    void tlsWithTheTestCaAndAClientCertificate(String client) {
        CliRun run = CliRun.of("mode2", "2", "1", "--uri", "rediss://alice@127.0.0.1:" + tlsPort + "/3",
                "--password-file", userPasswordFile.toString(), "--cacert", certificates.caCert().toString(),
                "--cert", certificates.clientCert().toString(), "--key", certificates.clientKey().toString(),
                "--client", client, "--duration", "1", "--warmup", "0");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("at 127.0.0.1:" + tlsPort + ", db 3"), run.out());
    }

    /**
     * An encrypted PKCS#1 key (OpenSSL's traditional form) with its password from a file, and a
     * server name sent: through each library's own TLS path, to a redis-server that demands the
     * client certificate. The JSON says a password was given, never what it is.
     */
    @ParameterizedTest
    @ValueSource(strings = {"jedis", "lettuce", "resp"})
    void anEncryptedKeyWithItsPasswordFileAndAServerName(String client) throws Exception {
        Path keyPassword = Files.writeString(directory.resolve("key-password"), TestCertificates.KEY_PASSWORD + "\n");
        Path json = directory.resolve("encrypted-key-" + client + ".json");
        CliRun run = CliRun.of("mode1", "1", "1", tlsPort, "--host", "127.0.0.1", "--tls", "--sni", "localhost",
                "--cacert", certificates.caCert().toString(), "--cert", certificates.clientCert().toString(),
                "--key", certificates.clientKeyEncryptedPkcs1().toString(), "--key-password-file",
                keyPassword.toString(), "--password-file", passwordFile.toString(), "--client", client,
                "--reads", "200", "--json", json.toString());

        assertEquals(0, run.exitCode(), run.err());
        JsonNode tls = ResultSchema.assertValid(json).at("/config/client/access/tls");
        assertEquals("localhost", tls.path("sni").asText());
        assertTrue(tls.path("keyPasswordGiven").asBoolean());
        assertNoPassword(TestCertificates.KEY_PASSWORD, run.out(), run.err(), json);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jedis", "lettuce", "resp"})
    void insecureTrustsACertificateNoTrustedCaSigned(String client) {
        CliRun run = CliRun.of("mode1", "1", "1", tlsPort, "--host", "127.0.0.1", "--tls", "--insecure",
                "--cacert", certificates.otherCaCert().toString(),
                "--cert", certificates.clientCert().toString(), "--key", certificates.clientKey().toString(),
                "--password-file", passwordFile.toString(), "--client", client, "--reads", "200");

        assertEquals(0, run.exitCode(), run.err());
    }

    @Test
    void tlsFailuresExit3() {
        String[] clientCert = {"--cert", certificates.clientCert().toString(), "--key",
            certificates.clientKey().toString()};
        ConnectionFailuresIT.assertExit3(CliRun.of(concat(List.of("mode1", "1", "1", tlsPort, "--host", "127.0.0.1",
                "--tls", "--cacert", certificates.otherCaCert().toString(), "--password-file", passwordFile.toString()),
                clientCert)), "TLS failed");
        ConnectionFailuresIT.assertExit3(CliRun.of("mode1", "1", "1", tlsPort, "--host", "127.0.0.1", "--tls",
                "--cacert", certificates.caCert().toString(), "--password-file", passwordFile.toString()),
                "cannot talk to a Redis server");
        ConnectionFailuresIT.assertExit3(CliRun.of("mode1", "1", "1", tlsPort, "--host", "127.0.0.1",
                "--password-file", passwordFile.toString()), "if it expects TLS, add --tls");
        ConnectionFailuresIT.assertExit3(CliRun.of(concat(List.of("mode1", "1", "1", plainPort, "--host", "127.0.0.1",
                "--tls", "--cacert", certificates.caCert().toString(), "--password-file", passwordFile.toString()),
                clientCert)), "timed out (with --tls: is it a TLS port?)");
    }

    private static String[] concat(List<String> first, String[] rest) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(rest));
        return all.toArray(new String[0]);
    }

    private static void assertNoPassword(String password, String out, String err, Path... files) throws IOException {
        assertFalse(out.contains(password), out);
        assertFalse(err.contains(password), err);
        for (Path file : files) {
            try (Stream<String> lines = Files.lines(file, StandardCharsets.ISO_8859_1)) {
                assertTrue(lines.noneMatch(line -> line.contains(password)), file + " holds the password");
            }
        }
    }

    private static Process jar(List<String> args, String password) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                Path.of("target", "metric.jar").toString()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put(SettingNames.PASSWORD_VARIABLE, password);
        return builder.start();
    }
}
