/**
 * {@code run} ({@link dev.metric.mode.template.TemplateMode}): the user's own command templates,
 * each with its weight, timed like mode2's traffic and counted by reply type, not verified. Its
 * configuration, runner, workload, result, report and CSV columns.
 */
package dev.metric.mode.template;
