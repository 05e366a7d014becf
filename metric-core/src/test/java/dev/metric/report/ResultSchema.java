package dev.metric.report;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks a JSON file that a test made against {@code result.schema.json}, the schema published
 * with metric, so that the schema and the files cannot drift apart: every test that writes a
 * result checks it here.
 */
public final class ResultSchema {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchema SCHEMA = load();

    private ResultSchema() {
    }

    /** Fails the test, listing every violation, when {@code file} does not match the schema. */
    public static JsonNode assertValid(Path file) {
        try {
            return assertValid(JSON.readTree(file.toFile()), file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Fails the test, listing every violation, when {@code document} does not match the schema. */
    public static JsonNode assertValid(JsonNode document, String name) {
        Set<ValidationMessage> violations = SCHEMA.validate(document);
        if (!violations.isEmpty()) {
            fail(name + " does not match result.schema.json:\n" + violations.stream()
                    .map(ValidationMessage::getMessage).sorted().collect(Collectors.joining("\n")));
        }
        return document;
    }

    private static JsonSchema load() {
        try (InputStream schema = JsonResults.class.getResourceAsStream("result.schema.json")) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
