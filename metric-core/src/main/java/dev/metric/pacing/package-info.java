/**
 * When each operation should start: as soon as the previous reply allows (closed loop), or at
 * intended start times fixed in advance by a target rate (open loop), so that a server that
 * stalls cannot slow the load down and hide its stall from the figures.
 */
package dev.metric.pacing;
