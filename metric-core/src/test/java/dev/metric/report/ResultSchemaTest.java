package dev.metric.report;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The schema check refuses what the schema does not describe, so a test that passes it says something. */
class ResultSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GROUP = "{\"label\": \"jedis, pool 8\", \"threads\": 4, \"runs\": 2, \"failed\": 0,"
            + " \"opsPerSec\": {\"median\": 1.0, \"min\": 1.0, \"max\": 1.0},"
            + " \"p95Ms\": {\"median\": \"NaN\", \"min\": \"NaN\", \"max\": \"NaN\"},"
            + " \"p99Ms\": {\"median\": 2.0, \"min\": 1.0, \"max\": 3.0}}";

    @Test
    void acceptsADocumentItDescribes() throws Exception {
        ResultSchema.assertValid(JSON.readTree("{\"schemaVersion\": 1, \"mode\": \"comparison\", \"groups\": ["
                + GROUP + "]}"), "comparison");
    }

    @Test
    void refusesAFieldItDoesNotDescribeAWrongTypeAndAnotherVersion() {
        for (String broken : new String[] {
                "{\"schemaVersion\": 1, \"mode\": \"comparison\", \"groups\": [], \"extra\": 1}",
                "{\"schemaVersion\": 1, \"mode\": \"comparison\", \"groups\": ["
                        + GROUP.replace("\"threads\": 4", "\"threads\": \"4\"") + "]}",
                "{\"schemaVersion\": 2, \"mode\": \"comparison\", \"groups\": []}",
                "{\"schemaVersion\": 1, \"mode\": \"mode3\", \"groups\": []}"}) {
            AssertionFailedError refused = assertThrows(AssertionFailedError.class,
                    () -> ResultSchema.assertValid(JSON.readTree(broken), "broken"), broken);
            assertTrue(refused.getMessage().contains("does not match result.schema.json"), refused.getMessage());
        }
    }
}
