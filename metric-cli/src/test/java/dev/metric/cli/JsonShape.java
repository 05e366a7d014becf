package dev.metric.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The shape of a JSON result: every path to a value, arrays as {@code []}, so that a golden file
 * can pin the fields users' scripts read without pinning the figures.
 */
final class JsonShape {

    private JsonShape() {
    }

    /** Every path in {@code node}; below a path in {@code opaque} only the path itself (its keys vary). */
    static String of(JsonNode node, Set<String> opaque) {
        Set<String> paths = new TreeSet<>();
        collect(node, "", opaque, paths);
        return String.join("\n", paths) + "\n";
    }

    private static void collect(JsonNode node, String path, Set<String> opaque, Set<String> paths) {
        if (opaque.contains(path)) {
            paths.add(path + " (opaque)");
            return;
        }
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                collect(field.getValue(), path + "/" + field.getKey(), opaque, paths);
            }
        } else if (node.isArray()) {
            paths.add(path + "[]");
            for (JsonNode element : node) {
                collect(element, path + "[]", opaque, paths);
            }
        } else {
            paths.add(path);
        }
    }

    /** The committed shape {@code name} from the test resources. */
    static String golden(String name) throws IOException, URISyntaxException {
        return Files.readString(Path.of(JsonShape.class.getResource("/json/" + name).toURI()));
    }
}
