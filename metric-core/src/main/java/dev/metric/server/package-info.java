/**
 * The server side of a run: reaching it and reading INFO through an administrative connection
 * kept apart from the measured clients, and starting a local redis-server when there is none.
 */
package dev.metric.server;
