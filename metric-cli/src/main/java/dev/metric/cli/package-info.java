/**
 * The {@code metric} command: its subcommands and the one error handler they share. Below it,
 * {@code command} holds a class per subcommand (every mode's runs through
 * {@code ModeCommand}), {@code option} the option groups shared as mixins, {@code convert} the
 * conversions of option text into values and of core's settings into option names, and
 * {@code output} what the user sees besides the report: exit codes, progress, the version; and
 * {@code jvm} the measuring JVM the commands that measure run in.
 * Nothing here measures anything; it only turns arguments into the configurations of
 * {@code dev.metric.mode} and hands them over.
 */
package dev.metric.cli;
