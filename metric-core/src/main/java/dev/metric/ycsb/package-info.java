/**
 * YCSB's core workloads A to F in YCSB's own terms, and traces of them in the format YCSB's basic
 * binding prints, which {@code metric replay} replays as YCSB's Redis binding would send them.
 */
package dev.metric.ycsb;
