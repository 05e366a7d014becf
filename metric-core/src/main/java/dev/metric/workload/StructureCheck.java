package dev.metric.workload;

/**
 * What checking one hash, list or sorted set read back found ({@link Structures#check}): its
 * verdict, the version it holds when intact, and otherwise where it first went wrong, for the
 * report's list of mismatches.
 *
 * @param verdict         intact, missing, or what is wrong with it
 * @param version         the version every element names when intact, else -1
 * @param where           the part at fault in words ("element 3", "5 fields of 6"), null when intact or missing
 * @param expectedBytes   length of the element at fault as written, -1 when unknown
 * @param actualBytes     length of the element at fault as read, -1 when there is none
 * @param firstDifference offset of its first wrong byte, -1 when not applicable
 */
public record StructureCheck(Verdict verdict, long version, String where, int expectedBytes, int actualBytes,
                             int firstDifference) {

    static StructureCheck intact(long version) {
        return new StructureCheck(Verdict.MATCH, version, null, -1, -1, -1);
    }

    static StructureCheck missing() {
        return new StructureCheck(Verdict.MISSING, -1, null, -1, -1, -1);
    }

    static StructureCheck wrongCount(int expected, int actual, ValueType type) {
        return new StructureCheck(Verdict.WRONG_LENGTH, -1, actual + " " + type.elementName() + "s where "
                + expected + " were written", -1, -1, -1);
    }

    static StructureCheck element(int j, ValueType type, Verdict verdict, int expectedBytes, int actualBytes,
                                  int firstDifference) {
        return new StructureCheck(verdict, -1, type.elementName() + " " + j, expectedBytes, actualBytes,
                firstDifference);
    }

    static StructureCheck unexpectedField(String name) {
        return new StructureCheck(Verdict.WRONG_LENGTH, -1, "field '" + name + "' never written or read twice",
                -1, -1, -1);
    }

    static StructureCheck wrongScore(int j, String score) {
        return new StructureCheck(Verdict.WRONG_BYTES, -1, "member " + j + " has score " + score + ", not " + j,
                -1, -1, -1);
    }

    public boolean intact() {
        return verdict == Verdict.MATCH;
    }
}
