/**
 * {@code metric compare}: saved runs side by side by their headline figures (every result's
 * {@code summary}), each against the first, with the change in percent and whether it is beyond
 * run-to-run noise, judged from repeats or from the interval logs beside the results.
 */
package dev.metric.compare;
