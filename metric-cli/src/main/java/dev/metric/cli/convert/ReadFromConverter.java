package dev.metric.cli.convert;

import dev.metric.config.ReadFrom;

/** Reads where a run's reads go ({@code --read-from}) by its name: primary, replicas or any. */
public final class ReadFromConverter extends EnumNames<ReadFrom> {
    public ReadFromConverter() {
        super(ReadFrom.class, "read target");
    }
}
