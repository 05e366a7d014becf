package dev.metric.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A CA, a server certificate for 127.0.0.1 and localhost, and a client certificate, made with
 * openssl for one test class: PEM files as redis-server and metric take them. The client key is
 * also written in the other forms users bring: PKCS#1, and both encrypted.
 */
public record TestCertificates(Path caCert, Path serverCert, Path serverKey, Path clientCert, Path clientKey,
                               Path otherCaCert) {

    /** The password of the encrypted forms of the client key. */
    public static final String KEY_PASSWORD = "open sesame";

    public static TestCertificates create(Path directory) throws IOException, InterruptedException {
        Path ca = directory.resolve("ca");
        authority(ca, "metric test CA");
        Path other = directory.resolve("other-ca");
        authority(other, "some other CA");
        Path extensions = Files.writeString(directory.resolve("san.ext"),
                "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
        Path server = directory.resolve("server");
        signed(server, "localhost", ca, extensions);
        Path client = directory.resolve("client");
        signed(client, "metric", ca, null);
        return new TestCertificates(crt(ca), crt(server), key(server), crt(client), key(client), crt(other));
    }

    /** The client key as PKCS#1 ({@code BEGIN RSA PRIVATE KEY}), unencrypted. */
    public Path clientKeyPkcs1() throws IOException, InterruptedException {
        Path out = Path.of(clientKey + ".pkcs1");
        openssl("rsa", "-in", clientKey.toString(), "-traditional", "-out", out.toString());
        return out;
    }

    /** The client key as encrypted PKCS#8 ({@code BEGIN ENCRYPTED PRIVATE KEY}, AES-256), {@link #KEY_PASSWORD}. */
    public Path clientKeyEncryptedPkcs8() throws IOException, InterruptedException {
        Path out = Path.of(clientKey + ".enc8");
        openssl("pkcs8", "-topk8", "-in", clientKey.toString(), "-v2", "aes-256-cbc",
                "-passout", "pass:" + KEY_PASSWORD, "-out", out.toString());
        return out;
    }

    /** The client key as encrypted PKCS#1 (OpenSSL's {@code Proc-Type: 4,ENCRYPTED}), {@link #KEY_PASSWORD}. */
    public Path clientKeyEncryptedPkcs1() throws IOException, InterruptedException {
        Path out = Path.of(clientKey + ".enc1");
        openssl("rsa", "-in", clientKey.toString(), "-traditional", "-aes256",
                "-passout", "pass:" + KEY_PASSWORD, "-out", out.toString());
        return out;
    }

    /**
     * A second client certificate, CN=metric-ec, on an EC P-256 key written as SEC1
     * ({@code BEGIN EC PRIVATE KEY}), signed by the test CA: the certificate and then the key.
     */
    public List<Path> ecClient() throws IOException, InterruptedException {
        Path name = Path.of(clientKey.toString().replace(".key", "-ec"));
        Path request = Path.of(name + ".csr");
        Path pkcs8 = Path.of(name + ".pkcs8");
        Path sec1 = key(name);
        openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-subj", "/CN=metric-ec", "-keyout", pkcs8.toString(), "-out", request.toString());
        openssl("ec", "-in", pkcs8.toString(), "-out", sec1.toString());
        Path ca = Path.of(caCert.toString().replace(".crt", ""));
        openssl("x509", "-req", "-days", "2", "-in", request.toString(), "-CA", caCert.toString(),
                "-CAkey", key(ca).toString(), "-CAcreateserial", "-out", crt(name).toString());
        return List.of(crt(name), sec1);
    }

    private static void authority(Path name, String subject) throws IOException, InterruptedException {
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=" + subject,
                "-keyout", key(name).toString(), "-out", crt(name).toString());
    }

    private static void signed(Path name, String subject, Path ca, Path extensions)
            throws IOException, InterruptedException {
        Path request = Path.of(name + ".csr");
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=" + subject,
                "-keyout", key(name).toString(), "-out", request.toString());
        List<String> sign = new ArrayList<>(List.of("x509", "-req", "-days", "2", "-in", request.toString(),
                "-CA", crt(ca).toString(), "-CAkey", key(ca).toString(), "-CAcreateserial",
                "-out", crt(name).toString()));
        if (extensions != null) {
            sign.addAll(List.of("-extfile", extensions.toString()));
        }
        openssl(sign.toArray(new String[0]));
    }

    private static Path crt(Path name) {
        return Path.of(name + ".crt");
    }

    private static Path key(Path name) {
        return Path.of(name + ".key");
    }

    private static void openssl(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("openssl"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IOException("openssl failed: " + String.join(" ", command) + "\n" + output);
        }
    }
}
