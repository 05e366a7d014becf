/**
 * What defines a run, as given and as printed with its result: the configurations of mode1, mode2
 * and command templates, the flush policy and latency objectives they name, and the limits and
 * checks they share. No engine code: results and reports depend on these, not on how runs run.
 */
package dev.metric.config;
