/**
 * What a run produced, as records: mode1's load, verify and every-key phases, mode2's phases and
 * search steps, template figures, faults and outages, the server and client described. Reports,
 * JSON and comparisons are written from these; they hold figures, not the engine that made them.
 */
package dev.metric.result;
