package dev.metric.sweep;

import dev.metric.client.ClientLibrary;

/**
 * One cell of a sweep's matrix: a client library, its pooling and a thread count.
 *
 * @param library  the client library
 * @param poolSize connections in its pool; 0 for Lettuce's one shared connection
 * @param threads  client threads
 */
public record SweepCell(ClientLibrary library, int poolSize, int threads) {

    /** Library and pooling, the series a chart draws a line for: {@code jedis, pool 8}. */
    public String series() {
        return library.displayName() + (poolSize == 0 ? ", shared" : ", pool " + poolSize);
    }

    /** A file name for the cell's runs: {@code jedis-pool8-t4}. */
    public String fileName() {
        return library.displayName() + (poolSize == 0 ? "-shared" : "-pool" + poolSize) + "-t" + threads;
    }
}
