package dev.metric.report;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a chart's figures were measured with, for its title: the server and its version, the
 * client libraries and theirs, the client machine's cores and the day. A chart passed around
 * without its report must still say what it compares.
 */
final class ChartCaption {

    private ChartCaption() {
    }

    /** e.g. {@code redis 7.0.15; jedis 8.0.2, lettuce 6.8.1; 2 cores; 2026-11-24}. */
    static String of(List<RunPoint> points) {
        List<String> dates = distinct(points, point -> point.provenance().date());
        String when = dates.isEmpty() ? ""
                : dates.size() == 1 ? dates.get(0) : dates.get(0) + " to " + dates.get(dates.size() - 1);
        return Stream.of(String.join(", ", distinct(points, RunPoint::server)),
                        String.join(", ", distinct(points, point -> point.provenance().client())),
                        String.join(", ", distinct(points, point -> point.provenance().cores() == 0 ? ""
                                : point.provenance().cores() + (point.provenance().cores() == 1 ? " core"
                                : " cores"))),
                        when)
                .filter(part -> !part.isEmpty()).collect(Collectors.joining("; "));
    }

    /** {@code title}, then the caption after a dash when there is one. */
    static String title(String title, String caption) {
        return caption.isEmpty() ? title : title + " — " + caption;
    }

    private static List<String> distinct(List<RunPoint> points, Function<RunPoint, String> part) {
        return points.stream().map(part).filter(Objects::nonNull).map(String::strip)
                .filter(text -> !text.isEmpty()).distinct().sorted().toList();
    }
}
