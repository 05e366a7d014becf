package dev.metric.sweep;

import dev.metric.client.ClientLibrary;
import dev.metric.config.RunLimits;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a sweep runs: every client and pool size at every thread count, each cell {@code repeats}
 * times. The repeats are rounds through the whole matrix, each round starting one cell further
 * on, so that a slow minute of a noisy machine lands on different cells instead of on all the
 * runs of one.
 *
 * @param clients    client libraries
 * @param poolSizes  pool sizes; 0 is Lettuce's shared connection, which Jedis does not have
 * @param threads    thread counts
 * @param repeats    runs of each cell
 */
public record SweepPlan(List<ClientLibrary> clients, List<Integer> poolSizes, List<Integer> threads, int repeats) {

    /** The most runs a sweep may plan: beyond it, a typo in a list is likelier than intent. */
    public static final int MAX_RUNS = 1000;

    public SweepPlan {
        clients = List.copyOf(clients);
        poolSizes = List.copyOf(poolSizes);
        threads = List.copyOf(threads);
        require(!clients.isEmpty() && !poolSizes.isEmpty() && !threads.isEmpty(),
                "a sweep needs at least one client, pool size and thread count");
        if (repeats < 1 || repeats > 100) {
            throw SettingException.of(Setting.REPEAT, " must be 1..100, got " + repeats);
        }
        for (int size : poolSizes) {
            require(size >= 0, "pool sizes must be 1 or more, or shared, got " + size);
        }
        for (int count : threads) {
            RunLimits.checkThreads(count);
        }
        for (ClientLibrary library : clients) {
            require(!library.loopsOnly(), "a sweep runs each library's pool under application threads; " + library
                    + " has no pool, only event loops: run it on its own (--client " + library + ")");
        }
        require(poolSizes.stream().anyMatch(size -> size > 0) || clients.contains(ClientLibrary.LETTUCE),
                "jedis has no shared connection: give it a pool size");
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /** Every cell, clients outermost and threads innermost; Jedis gets no shared-connection cell. */
    public List<SweepCell> cells() {
        List<SweepCell> cells = new ArrayList<>();
        for (ClientLibrary library : clients) {
            for (int poolSize : poolSizes) {
                if (poolSize == 0 && library == ClientLibrary.JEDIS) {
                    continue;
                }
                for (int count : threads) {
                    cells.add(new SweepCell(library, poolSize, count));
                }
            }
        }
        return cells;
    }

    /** The runs in order: round r runs every cell once, starting at cell r. */
    public List<SweepCell> order() {
        List<SweepCell> cells = cells();
        if (cells.size() * repeats > MAX_RUNS) {
            throw new IllegalArgumentException(cells.size() + " cells x " + repeats + " repeats is more than "
                    + MAX_RUNS + " runs");
        }
        List<SweepCell> order = new ArrayList<>();
        for (int round = 0; round < repeats; round++) {
            for (int i = 0; i < cells.size(); i++) {
                order.add(cells.get((round + i) % cells.size()));
            }
        }
        return order;
    }
}
