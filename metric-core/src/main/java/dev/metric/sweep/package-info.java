/** Sweeps: mode1 over a grid of client libraries, pool sizes and thread counts, one run per cell. */
package dev.metric.sweep;
