/**
 * The command line: one class per subcommand, option groups shared as mixins, one error
 * handler and one exit-code table. Nothing here measures anything; it only turns arguments into
 * the typed configurations of {@code dev.metric.run}.
 */
package dev.metric.cli;
