/**
 * The option groups the commands share as picocli mixins (server, client, credentials, data,
 * each mode's own, outputs, load generators, sweeps, --dry-run), each turning its options into
 * the settings and configurations core takes, and refusing a bad value with a one-line reason.
 */
package dev.metric.cli.option;
