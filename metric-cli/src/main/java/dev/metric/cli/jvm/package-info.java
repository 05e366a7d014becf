/**
 * The measuring JVM: the child JVM that {@code java -jar metric.jar} runs the commands that measure
 * in, with the collector and heap a client needs to stay out of its own figures; which options it
 * gets, how it is started and given the parent's signals, and how it stops when the parent is gone.
 */
package dev.metric.cli.jvm;
