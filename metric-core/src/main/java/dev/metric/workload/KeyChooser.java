package dev.metric.workload;

/** The key indices one worker thread operates on, one after another. Not thread-safe: one per thread. */
@FunctionalInterface
public interface KeyChooser {

    /** The index of the next key, in {@code [0, keyCount)}. */
    int next();
}
