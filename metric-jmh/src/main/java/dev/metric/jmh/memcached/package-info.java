/**
 * The memcached client libraries metric could drive memcached with, measured against one real
 * memcached: the evidence behind the choice of the one it uses.
 */
package dev.metric.jmh.memcached;
