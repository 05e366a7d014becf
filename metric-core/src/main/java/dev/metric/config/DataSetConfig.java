package dev.metric.config;

import dev.metric.workload.DataSpec;

/**
 * The configuration of a mode that writes metric's own data set (mode1, mode2, run): what is
 * around the run needs its keys to tell them from a user's, for the flush before it and the
 * cleanup after it.
 */
public interface DataSetConfig extends RunConfig {

    /** The keys and values the run writes. */
    DataSpec data();

    /** Whether it may empty the database first. */
    FlushPolicy flush();
}
