package dev.metric.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * Writes a result record as indented JSON: the whole result, configuration included, so that a
 * saved file says how its figures were obtained.
 */
public final class JsonResults {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private JsonResults() {
    }

    public static String toJson(Object result) throws IOException {
        return MAPPER.writeValueAsString(result);
    }

    /**
     * Writes to a temporary file beside {@code file} and moves it into place, so no half-written
     * file is left. The temporary file is created like any other (not with createTempFile's
     * owner-only permissions), so the result is as readable as the user's other files.
     */
    public static void write(Object result, Path file) throws IOException {
        write(result, null, file);
    }

    /**
     * Writes {@code result} as {@link #write(Object, Path)} does, with {@code runId} (when not null)
     * as its first field: the name of the load generator it came from.
     */
    public static void write(Object result, String runId, Path file) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path temporary = absolute.resolveSibling(absolute.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            String json = runId == null ? toJson(result) : MAPPER.writeValueAsString(
                    MAPPER.createObjectNode().put("runId", runId).setAll((ObjectNode) MAPPER.valueToTree(result)));
            Files.writeString(temporary, json + System.lineSeparator(), StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
