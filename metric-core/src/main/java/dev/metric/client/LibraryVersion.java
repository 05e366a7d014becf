package dev.metric.client;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Reads a library's version from the Maven metadata packaged in its jar, which survives
 * shading, unlike the manifest's Implementation-Version.
 */
public final class LibraryVersion {

    private LibraryVersion() {
    }

    /** The version of {@code groupId:artifactId} on the class path, or "unknown". */
    public static String of(String groupId, String artifactId) {
        String resource = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = LibraryVersion.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
