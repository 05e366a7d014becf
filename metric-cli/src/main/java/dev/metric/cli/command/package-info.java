/**
 * One class per subcommand of {@code metric}. The modes' commands take one path
 * ({@link dev.metric.cli.command.ModeCommand}), the sweeps another
 * ({@link dev.metric.cli.command.SweepModeCommand}); merge, report and fleet work on results and
 * manifests.
 */
package dev.metric.cli.command;
