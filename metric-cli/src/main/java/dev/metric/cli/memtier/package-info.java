/**
 * memtier_benchmark's command line as metric reads it: every option memtier has, what metric does
 * with each, and the {@code metric run} a memtier command line means.
 */
package dev.metric.cli.memtier;
