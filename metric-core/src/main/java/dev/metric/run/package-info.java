/**
 * Runs: typed configurations, the phases a mode is made of (load, verify), the runners that
 * sequence them, and the result records that reports are written from.
 */
package dev.metric.run;
