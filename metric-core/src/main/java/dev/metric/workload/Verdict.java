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
    WRONG_BYTES("wrong bytes"),
    /** mode2 --strict: a miss on a key whose last acknowledged write had not expired. */
    LOST("lost: missing before its TTL ran out"),
    /** mode2 --strict: an intact value older than one whose write was acknowledged before the read. */
    STALE("stale: an overwritten version"),
    /** mode2 --strict: an intact value returned after its TTL had run out. */
    EXPIRED("returned after its TTL ran out");

    private final String description;

    Verdict(String description) {
        this.description = description;
    }

    /** A few words for reports. */
    public String description() {
        return description;
    }
}
