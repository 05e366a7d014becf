package dev.metric.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.EnumFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.BeanPropertyWriter;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.util.NameTransformer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.metric.record.LatencySummary;
import dev.metric.record.Percentiles;
import dev.metric.result.ResultSummary;
import dev.metric.result.RunResult;
import java.io.IOException;
import java.io.Writer;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.ToIntFunction;

/**
 * Writes a result record as indented JSON: the whole result, configuration included, so that a
 * saved file says how its figures were obtained. Every file starts with {@code schemaVersion} and
 * {@code mode}, so that a script can tell what it reads; {@code result.schema.json} beside this class describes
 * the fields. Conventions, the same in every file: enums in lower case; durations as a number of
 * seconds in a field whose name ends in {@code Sec}; instants as ISO-8601 text.
 */
public final class JsonResults {

    /**
     * The version of the format, raised whenever a field is renamed, removed or changes meaning;
     * a new field leaves it as it is.
     */
    public static final int SCHEMA_VERSION = 1;

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(new SimpleModule("seconds")
                    .addSerializer(Duration.class, new SecondsSerializer())
                    .addSerializer(LatencySummary.class, new LatencySerializer())
                    .setSerializerModifier(new SecondsSuffix()))
            .addModule(new SimpleModule("order").setSerializerModifier(new DerivedAfterComponents()))
            .enable(EnumFeature.WRITE_ENUMS_TO_LOWERCASE)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    /** Reads what {@link #MAPPER} wrote back into its types: enums in lower case, fields of later versions skipped. */
    private static final ObjectMapper READER = JsonMapper.builder()
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private JsonResults() {
    }

    /**
     * Writes {@code result} to {@code file}: after the schema version and mode, its origin (the
     * load generator's name and the command line, as far as known) and its summary, then the
     * result's own fields. Each latency has the default percentiles and {@code percentiles}, which
     * the file lists.
     */
    public static void write(RunResult result, RunOrigin origin, Percentiles percentiles, Path file)
            throws IOException {
        writeDocument(result.mode(), result, origin, percentiles, file);
    }

    /** Writes {@code result} as {@link #write(RunResult, RunOrigin, Percentiles, Path)} does, to {@code out}. */
    public static void write(RunResult result, RunOrigin origin, Percentiles percentiles, Writer out)
            throws IOException {
        out.write(text(document(result.mode(), result, origin, percentiles)));
        out.flush();
    }

    /** Writes a comparison of runs: its rows under {@code groups}. */
    static void writeComparison(List<?> groups, Path file) throws IOException {
        writeDocument("comparison", Map.of("groups", groups), RunOrigin.UNKNOWN, null, file);
    }

    /**
     * Writes {@code body}'s fields after the schema version, {@code mode}, the origin's run id and
     * command line (when known), the percentiles chosen (when not null; each latency then has them
     * and the defaults) and, for a run's result, its summary, to a
     * temporary file beside {@code file} that is then moved into place, so no half-written file is
     * left. The temporary file is created like any other (not with createTempFile's owner-only
     * permissions), so the result is as readable as the user's other files.
     */
    static void writeDocument(String mode, Object body, RunOrigin origin, Percentiles percentiles, Path file)
            throws IOException {
        String text = text(document(mode, body, origin, percentiles));
        Path absolute = file.toAbsolutePath();
        Path temporary = absolute.resolveSibling(absolute.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            Files.writeString(temporary, text, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static String text(ObjectNode document) throws IOException {
        return MAPPER.writeValueAsString(document) + System.lineSeparator();
    }

    private static ObjectNode document(String mode, Object body, RunOrigin origin, Percentiles percentiles)
            throws IOException {
        ObjectNode document = MAPPER.createObjectNode().put("schemaVersion", SCHEMA_VERSION).put("mode", mode);
        if (origin.runId() != null) {
            document.put("runId", origin.runId());
        }
        if (!origin.commandLine().isEmpty()) {
            origin.commandLine().forEach(document.putArray("commandLine")::add);
        }
        if (percentiles != null) {
            percentiles.values().forEach(document.putArray("percentiles")::add);
        }
        if (body instanceof RunResult result) {
            document.set("summary", MAPPER.valueToTree(result.summary()));
        }
        Percentiles shown = percentiles == null ? Percentiles.DEFAULT : percentiles;
        document.setAll((ObjectNode) MAPPER.readTree(MAPPER.writer().withAttribute(Percentiles.class, shown)
                .writeValueAsString(body)));
        return document;
    }

    /**
     * Reads the saved result {@code file} as a tree, for {@code compare}, {@code report} and
     * {@code merge}, which read results of every version by their fields.
     *
     * @throws IllegalArgumentException naming {@code file}: no such file, not JSON, or written by a
     *                                  newer metric ({@link #checkReadable})
     */
    public static JsonNode readResult(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": no such file");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(file + " is not JSON: " + e.getOriginalMessage(), e);
        }
        checkReadable(root, file);
        return root;
    }

    /**
     * The summary of the result {@code root}, read back into the type that wrote it; null when the
     * result has none (written before results had one).
     *
     * @throws IllegalArgumentException naming {@code file} when the summary is not one
     */
    public static ResultSummary summaryOf(JsonNode root, Path file) {
        JsonNode summary = root.path("summary");
        if (!summary.isObject()) {
            return null;
        }
        try {
            return READER.treeToValue(summary, ResultSummary.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": its summary cannot be read: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Refuses a result written by a newer metric, whose fields this one could misread. Files
     * older than the field (version 0) are read as they are.
     *
     * @throws IllegalArgumentException naming {@code file} when its schema version is newer
     */
    static void checkReadable(JsonNode root, Path file) {
        int version = root.path("schemaVersion").asInt(0);
        if (version > SCHEMA_VERSION) {
            throw new IllegalArgumentException(String.format("%s was written by a newer metric (schema version %d;"
                    + " this one reads up to %d)", file, version, SCHEMA_VERSION));
        }
    }

    /**
     * A latency as count, values below 0, mean, the default percentiles and those chosen (the attribute
     * {@code Percentiles.class} of the write), ascending, and max: {@code p999Micros} for 99.9.
     */
    private static final class LatencySerializer extends StdSerializer<LatencySummary> {

        LatencySerializer() {
            super(LatencySummary.class);
        }

        @Override
        public void serialize(LatencySummary latency, JsonGenerator json, SerializerProvider provider)
                throws IOException {
            Object chosen = provider.getAttribute(Percentiles.class);
            Set<Double> shown = new TreeSet<>(Percentiles.DEFAULT.values());
            if (chosen instanceof Percentiles percentiles) {
                shown.addAll(percentiles.values());
            }
            json.writeStartObject();
            json.writeNumberField("count", latency.count());
            json.writeNumberField("belowZero", latency.belowZero());
            json.writeNumberField("meanMicros", latency.meanMicros());
            for (double percentile : shown) {
                json.writeNumberField(Percentiles.key(percentile) + "Micros", latency.micros(percentile));
            }
            json.writeNumberField("maxMicros", latency.maxMicros());
            json.writeEndObject();
        }
    }

    /** A duration as a number of seconds, e.g. {@code 2.5}: what scripts and charts can use as it is. */
    private static final class SecondsSerializer extends StdSerializer<Duration> {

        SecondsSerializer() {
            super(Duration.class);
        }

        @Override
        public void serialize(Duration duration, JsonGenerator json, SerializerProvider provider) throws IOException {
            json.writeNumber(duration.getSeconds() + duration.getNano() / 1e9);
        }
    }

    /** Names a duration field for its unit, {@code warmup} becoming {@code warmupSec}, as the result's own are. */
    private static final class SecondsSuffix extends BeanSerializerModifier {

        private static final NameTransformer SECONDS = NameTransformer.simpleTransformer("", "Sec");

        @Override
        public List<BeanPropertyWriter> changeProperties(SerializationConfig config, BeanDescription bean,
                                                         List<BeanPropertyWriter> properties) {
            properties.replaceAll(property -> property.getType().hasRawClass(Duration.class)
                    ? property.rename(SECONDS) : property);
            return properties;
        }
    }

    /**
     * A record's components in their declared order, then the figures it derives (its other
     * annotated methods) by name. Jackson would put the derived ones in the order reflection lists
     * methods, which may differ from one run to the next, and a file of the same run should not.
     */
    private static final class DerivedAfterComponents extends BeanSerializerModifier {

        @Override
        public List<BeanPropertyWriter> orderProperties(SerializationConfig config, BeanDescription bean,
                                                        List<BeanPropertyWriter> properties) {
            RecordComponent[] components = bean.getBeanClass().getRecordComponents();
            if (components == null) {
                return properties;
            }
            List<String> declared = Arrays.stream(components).map(RecordComponent::getName).toList();
            ToIntFunction<BeanPropertyWriter> position = property -> {
                int index = declared.indexOf(property.getMember().getName());
                return index < 0 ? declared.size() : index;
            };
            List<BeanPropertyWriter> ordered = new ArrayList<>(properties);
            ordered.sort(Comparator.comparingInt(position).thenComparing(BeanPropertyWriter::getName));
            return ordered;
        }
    }
}
