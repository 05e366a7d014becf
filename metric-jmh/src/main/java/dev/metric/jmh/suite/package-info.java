/** The suite {@code mvn verify} runs, and the summary it writes from JMH's results. */
package dev.metric.jmh.suite;
