/**
 * How runs run: the phases a mode is made of (load, verify, traffic), the workloads they hand the
 * engine (what each lane sends and how each reply is judged), the runners that sequence them, and
 * the watch on the server while they go. Their configurations are in {@code dev.metric.config} and
 * what they produce in {@code dev.metric.result}.
 */
package dev.metric.run;
