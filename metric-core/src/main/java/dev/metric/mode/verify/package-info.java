/**
 * mode1 ({@link dev.metric.mode.verify.VerifyMode}): write a data set in pipelined batches, read
 * keys back at random from the threads and check every value byte for byte, then read every key
 * once. Its configuration, runner, phases, result, report and CSV columns.
 */
package dev.metric.mode.verify;
