package dev.metric.mode.replay;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.metric.client.Protocol;
import java.nio.file.Path;
import java.util.List;

/**
 * A trace read once through, before anything is sent: what it holds ({@link #summary}, which is
 * what a result shows of it), and what the replay must know ahead of its commands: the keys it
 * reads before writing them (the warm phase writes those), the keys commands it does not follow
 * may change (never judged), the names of its commands (a row each in the report) and the lane each
 * key's commands go to.
 */
public final class ScannedTrace {

    private final Path file;
    private final TraceSummary summary;
    private final KeyIdSet warm;
    private final KeyIdSet unjudged;
    private final List<String> commandNames;
    private final LaneRouting routing;
    private final byte[][] recordFields;
    private final Protocol target;

    ScannedTrace(Path file, TraceSummary summary, KeyIdSet warm, KeyIdSet unjudged, List<String> commandNames,
                 LaneRouting routing, byte[][] recordFields, Protocol target) {
        this.file = file;
        this.summary = summary;
        this.warm = warm;
        this.unjudged = unjudged;
        this.commandNames = List.copyOf(commandNames);
        this.routing = routing;
        this.recordFields = recordFields;
        this.target = target;
    }

    Path file() {
        return file;
    }

    @JsonValue
    public TraceSummary summary() {
        return summary;
    }

    KeyIdSet warm() {
        return warm;
    }

    KeyIdSet unjudged() {
        return unjudged;
    }

    /** The names of the commands replayed, in the order they first appear: the rows of the report. */
    public List<String> commandNames() {
        return commandNames;
    }

    /** The fields of a YCSB trace's records ({@link RecordFields}): what the warm phase writes of each. */
    byte[][] recordFields() {
        return recordFields;
    }

    /** The protocol the trace's commands were made for: a replay must speak it. */
    public Protocol target() {
        return target;
    }

    /** The lanes the keys were dealt to when the trace was scanned; a replay must have as many. */
    public int lanes() {
        return routing.lanes();
    }

    /** The lane every command that key {@code id} routes goes to ({@link LaneRouting}). */
    int laneOf(long id) {
        return routing.laneOf(id);
    }
}
