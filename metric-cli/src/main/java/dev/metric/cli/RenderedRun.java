package dev.metric.cli;

import dev.metric.report.CsvTable;
import java.util.List;

/**
 * A finished run in every form the output options can ask for, so that one piece of code
 * decides what goes where.
 *
 * @param report          the text report
 * @param result          the result record, for JSON
 * @param csvTable        the mode's CSV columns
 * @param csvRow          the run as a CSV row
 * @param markdownColumns the mode's columns of the write-up's table
 * @param markdownRow     the run as a row of it
 * @param runId           the run's --run-id, kept in its JSON; null when not given
 */
record RenderedRun(String report, Object result, CsvTable csvTable, List<String> csvRow,
                   List<String> markdownColumns, List<String> markdownRow, String runId) {
}
