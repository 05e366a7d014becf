package dev.metric.mode.template;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.record.LatencySummary;
import dev.metric.result.ClientWork;
import dev.metric.result.ScheduleKept;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What a stretch of {@code metric run}'s traffic measured: a run's measured window, or a search's
 * step. Its fields are written at the level of the record that holds it.
 *
 * @param schedule  how long it ran and how much of its schedule it kept
 * @param templates one row per template
 * @param commands  one row per command, its templates together, in the order the templates first name
 *                  them
 * @param all       every request's response time together
 * @param service   every request's service time together
 * @param work       the client's CPU per request, and what its JVM did meanwhile
 * @param firstError the first failure, or null
 */
public record TemplateTraffic(@JsonUnwrapped ScheduleKept schedule, List<TemplateFigures> templates,
                              List<CommandFigures> commands, LatencySummary all, LatencySummary service,
                              @JsonUnwrapped ClientWork work, String firstError) {

    /** Nothing measured: a search stopped before its first step's end. */
    static final TemplateTraffic NONE = new TemplateTraffic(new ScheduleKept(0, 0, 0, 0), List.of(), List.of(),
            LatencySummary.of(new Histogram(3)), LatencySummary.of(new Histogram(3)),
            ClientWork.NONE, null);

    /** Errors of all templates. */
    public long errors() {
        return templates.stream().mapToLong(template -> template.row().errors()).sum();
    }
}
