package dev.metric.sweep;

import dev.metric.record.HdrIntervalLog;
import dev.metric.record.IntervalLog;
import dev.metric.run.RunControl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Runs a {@link SweepPlan}: every run in the plan's order, each with its latencies in an
 * HdrHistogram interval log under {@code runs/} and its result kept beside it by the caller's
 * {@link Keeper} (as JSON, and as a row of the sweep's CSV). The first run writes the data set;
 * every later one reuses it.
 *
 * @param <R> the mode's result
 */
public final class SweepRunner<R> {

    /** Runs one cell of the matrix. */
    public interface CellRun<R> {
        /**
         * @param first whether this is the sweep's first run, the one that writes the data set
         * @param log   where the run's measured latencies go, interval by interval
         */
        R run(SweepCell cell, boolean first, IntervalLog log) throws InterruptedException;
    }

    /** Keeps a finished run's result. */
    public interface Keeper<R> {
        /** Saves {@code result} as {@code json}, and wherever else the sweep collects its runs. */
        void keep(R result, Path json) throws IOException;
    }

    /**
     * One run of a cell, as kept on disk.
     *
     * @param cell   the cell
     * @param repeat which run of the cell, from 1
     * @param json   its result
     * @param hdrLog its interval log
     * @param passed whether it verified everything without errors
     */
    public record Run(SweepCell cell, int repeat, Path json, Path hdrLog, boolean passed) {
    }

    private final SweepPlan plan;
    private final Path directory;
    private final Keeper<R> keeper;
    private final Predicate<R> passed;
    private final String mode;

    /**
     * @param mode      the mode's name, for the interval logs' comments
     * @param directory where the runs go; created when missing
     */
    public SweepRunner(String mode, SweepPlan plan, Path directory, Keeper<R> keeper, Predicate<R> passed) {
        this.mode = mode;
        this.plan = plan;
        this.directory = directory;
        this.keeper = keeper;
        this.passed = passed;
    }

    /**
     * Runs every cell of the plan, in its order, until {@code control} is stopped (the run it
     * stops is kept, marked as stopped); returns the runs as kept on disk.
     */
    public List<Run> run(CellRun<R> cellRun, Consumer<String> progress, RunControl control)
            throws IOException, InterruptedException {
        Path runsDirectory = Files.createDirectories(directory.resolve("runs"));
        List<SweepCell> order = plan.order();
        Map<SweepCell, Integer> repeats = new HashMap<>();
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < order.size() && !control.stopped(); i++) {
            SweepCell cell = order.get(i);
            int repeat = repeats.merge(cell, 1, Integer::sum);
            String name = cell.fileName() + "-r" + repeat;
            progress.accept(String.format("sweep: run %d of %d: %s, %d threads, repeat %d", i + 1, order.size(),
                    cell.series(), cell.threads(), repeat));
            Path hdrLog = runsDirectory.resolve(name + ".hlog");
            R result;
            try (HdrIntervalLog log = HdrIntervalLog.create(hdrLog, "metric sweep " + mode + " " + name
                    + ": latencies in nanoseconds")) {
                result = cellRun.run(cell, i == 0, log);
            }
            Path json = runsDirectory.resolve(name + ".json");
            keeper.keep(result, json);
            runs.add(new Run(cell, repeat, json, hdrLog, passed.test(result)));
        }
        return runs;
    }
}
