/**
 * The capacity search: which rate to try next and when to stop, judged from steps it is handed, so
 * that it can be tested without a server.
 */
package dev.metric.search;
