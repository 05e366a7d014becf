/**
 * What the user sees besides the report: the exit codes and their table, progress lines redrawn
 * on a terminal, its width, and the version from the jar's manifest.
 */
package dev.metric.cli.output;
