/**
 * {@code metric compare}: saved runs side by side by their headline figures (every result's
 * {@code summary}), each against the first, with the change in percent and whether it is beyond
 * run-to-run noise, judged from repeats or from a bootstrap of the interval logs beside the results;
 * and its CI gate, which never passes a run that failed, a figure it could not compare, or a change
 * its noise could hide.
 */
package dev.metric.compare;
