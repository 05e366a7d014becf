/**
 * Drives requests through a client: lanes, each a stream of requests with a window of them in
 * flight on one connection, in a closed loop or on a schedule of intended start times, until a
 * deadline or until their workload has nothing left. A blocking client's lanes run on threads of
 * their own; an asynchronous client's lanes with several requests in flight are driven from its
 * completions on its own I/O threads, with one pacing thread for a schedule. Every request a lane
 * completes is recorded at the one record site, {@link dev.metric.record.RequestTimer}; what a
 * request is and what its reply means is the {@link dev.metric.engine.Workload}'s business.
 */
package dev.metric.engine;
