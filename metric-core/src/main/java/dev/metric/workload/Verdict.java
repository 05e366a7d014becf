package dev.metric.workload;

/** What comparing a value read back with what the tool wrote found. */
public enum Verdict {
    /** The value is intact. */
    MATCH("intact"),
    /** The key does not exist. A failure in mode1; a cache miss in mode2. */
    MISSING("missing"),
    /** The value does not start with the header every mode2 value carries: not written by metric. */
    MALFORMED("not a value metric wrote"),
    /** An intact value, but of another key. */
    OTHER_KEY("another key's value"),
    /** Truncated or extended. */
    WRONG_LENGTH("wrong length"),
    /** The right length with different bytes. */
    WRONG_BYTES("wrong bytes");

    private final String description;

    Verdict(String description) {
        this.description = description;
    }

    /** A few words for reports. */
    public String description() {
        return description;
    }
}
