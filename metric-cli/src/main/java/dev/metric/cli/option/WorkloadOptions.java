package dev.metric.cli.option;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;
import dev.metric.config.FlushPolicy;
import dev.metric.workload.DataSpec;

/**
 * The own options of a mode that writes its data set and verifies what it reads (mode1, mode2),
 * shared by its command and its sweep.
 *
 * @param <C> the mode's configuration
 */
public interface WorkloadOptions<C> {

    /**
     * The run these options describe for one client setting and thread count.
     *
     * @param flush    whether to FLUSHDB first
     * @param skipLoad use what an earlier run wrote instead of writing
     * @throws IllegalArgumentException with a one-line reason when a value is out of range
     */
    C config(ClientLibrary library, ClientSettings settings, int threads, EngineKind engine, int connections,
             DataSpec data, FlushPolicy flush, boolean skipLoad, boolean breakdown);

    /** Whether {@code --skip-load} was given. */
    boolean skipLoad();
}
