/**
 * The kinds of run metric offers, each a {@link dev.metric.mode.Mode} in a package of its own:
 * {@code verify} (mode1: write a data set, read every key back), {@code cache} (mode2: a cache's
 * GETs, SETEXs and refills, closed loop, at a rate or in a capacity search), {@code template}
 * ({@code run}: the user's own commands), {@code bench} (redis-benchmark's tests, each a
 * {@code run}) and {@code replay} (a trace's commands). What they share, the server and client settings, the
 * engine, the phases' machinery and the outputs, lives once in the packages beside this one.
 */
package dev.metric.mode;
