/**
 * redis-benchmarks-specification's suites as {@code metric suite} runs them: a suite read from its
 * YAML, its server set up, its own commands sent, its measured memtier command line run, and the
 * table of all suites run.
 */
package dev.metric.cli.suite;
