/**
 * Conversions between what the user types and what core takes: quantities with units (rates,
 * counts, durations), timeouts, option lists, renamed options, and the option names core's
 * settings go by in messages.
 */
package dev.metric.cli.convert;
