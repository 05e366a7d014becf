/**
 * Runs: typed configurations, the phases a mode is made of (load, verify, traffic), the workloads
 * they hand the engine (what each lane sends and how each reply is judged), the runners that
 * sequence them, the capacity search, and the result records that reports are written from.
 */
package dev.metric.run;
