/**
 * {@code metric replay}: the commands of a trace ({@code redis-cli MONITOR} output or one command
 * per line), read ahead of the lanes by a thread of their own, a warm phase for the keys read
 * before they are written, and every read of a key the replay wrote checked byte for byte.
 */
package dev.metric.mode.replay;
