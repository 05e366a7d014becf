package dev.metric.ycsb;

import dev.metric.workload.KeyChooser;
import dev.metric.workload.KeyDistribution;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Writes a trace of one of YCSB's core workloads in the format YCSB's basic binding prints, the
 * same for the same seed, so that a run can be repeated exactly and shared: {@code operations}
 * operations over {@code records} records loaded before them (with {@code load}, their INSERTs come
 * first, as {@code ycsb load} would print them; without, a replay's warm phase writes the records
 * the trace reads before it writes them).
 *
 * <p>As YCSB's CoreWorkload does with its defaults: records are named {@code user} and a 64-bit
 * hash of their number (YCSB's hashed insert order); inserts take the next numbers; reads read all
 * fields and updates write one field, drawn uniformly; a field's value is 100 characters from
 * {@code ' '} to {@code '?'}; zipfian draws rank record numbers with constant 0.99 (record 0 the
 * most requested), latest draws rank them back from the newest; a scan starts at a zipfian record
 * and reads 1 to 100 records, uniformly; a read-modify-write is a read and then an update of one
 * record, two lines. Draws past the records that exist yet are drawn again, as YCSB's are.
 */
public final class YcsbTrace {

    /** The table YCSB's traces name; YCSB's Redis binding ignores it. */
    private static final byte[] TABLE = ascii(" usertable user");
    private static final byte[] ALL_FIELDS = ascii(" [ <all fields>]\n");
    private static final long FNV_OFFSET = 0xCBF29CE484222325L;
    private static final long FNV_PRIME = 0x100000001B3L;

    private final YcsbWorkload workload;
    private final int records;
    private final long operations;
    private final long seed;
    private final boolean load;
    private final byte[] value = new byte[YcsbWorkload.FIELD_LENGTH];

    /**
     * @throws IllegalArgumentException when there is not at least one record and one operation, or
     *                                  the records and the inserts expected do not fit an int
     */
    public YcsbTrace(YcsbWorkload workload, long records, long operations, long seed, boolean load) {
        if (records < 1 || operations < 1) {
            throw new IllegalArgumentException("a trace needs at least 1 record and 1 operation, got " + records
                    + " and " + operations);
        }
        if (records + expectedInserts(workload, operations) > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("at most " + Integer.MAX_VALUE + " records, with those the"
                    + " operations insert, got " + records + " and " + operations + " operations");
        }
        this.workload = workload;
        this.records = (int) records;
        this.operations = operations;
        this.seed = seed;
        this.load = load;
    }

    /** The number of inserts YCSB sizes its choosers for: twice those the proportion expects. */
    private static long expectedInserts(YcsbWorkload workload, long operations) {
        return (long) (operations * workload.proportion(YcsbWorkload.Operation.INSERT) * 2.0);
    }

    /**
     * Writes the trace to {@code out}: a comment line naming it, then one operation per line (two for
     * a read-modify-write).
     */
    public void write(OutputStream out) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        int space = (int) (records + expectedInserts(workload, operations));
        KeyChooser zipfian = new KeyDistribution.Zipfian(YcsbWorkload.ZIPFIAN_CONSTANT).over(space)
                .forWorker(0, 1, random);
        out.write(ascii("# metric trace --workload " + workload.option() + " --records " + records + " --operations "
                + operations + " --seed " + seed + (load ? " --load" : "") + ": " + workload.describe() + "\n"));
        if (load) {
            for (int record = 0; record < records; record++) {
                insert(out, record, random);
            }
        }
        long inserted = records;
        for (long op = 0; op < operations; op++) {
            switch (workload.operation(random.nextDouble())) {
                case READ -> read(out, workload.chooseRecord(zipfian, inserted));
                case UPDATE -> update(out, workload.chooseRecord(zipfian, inserted), random);
                case INSERT -> insert(out, inserted++, random);
                case SCAN -> {
                    line(out, "SCAN", workload.chooseRecord(zipfian, inserted));
                    out.write(ascii(" " + (1 + random.nextInt(YcsbWorkload.MAX_SCAN_LENGTH))));
                    out.write(ALL_FIELDS);
                }
                case READ_MODIFY_WRITE -> {
                    long record = workload.chooseRecord(zipfian, inserted);
                    read(out, record);
                    update(out, record, random);
                }
            }
        }
    }

    private void read(OutputStream out, long record) throws IOException {
        line(out, "READ", record);
        out.write(ALL_FIELDS);
    }

    private void update(OutputStream out, long record, SplittableRandom random) throws IOException {
        line(out, "UPDATE", record);
        out.write(ascii(" [ "));
        field(out, random.nextInt(YcsbWorkload.FIELD_COUNT), random);
        out.write(ascii("]\n"));
    }

    private void insert(OutputStream out, long record, SplittableRandom random) throws IOException {
        line(out, "INSERT", record);
        out.write(ascii(" [ "));
        for (int field = 0; field < YcsbWorkload.FIELD_COUNT; field++) {
            field(out, field, random);
        }
        out.write(ascii("]\n"));
    }

    /** {@code fieldN=<value> }, the value's characters from ' ' to '?', as YCSB's random values are. */
    private void field(OutputStream out, int field, SplittableRandom random) throws IOException {
        out.write(ascii("field" + field + "="));
        for (int i = 0; i < value.length; i += Long.BYTES) {
            long bits = random.nextLong();
            for (int j = i; j < Math.min(value.length, i + Long.BYTES); j++, bits >>>= 8) {
                value[j] = (byte) (' ' + (bits & 31));
            }
        }
        out.write(value);
        out.write(' ');
    }

    private static void line(OutputStream out, String operation, long record) throws IOException {
        out.write(ascii(operation));
        out.write(TABLE);
        out.write(ascii(Long.toString(keyNumber(record))));
    }

    /** The number in a record's name: a 64-bit FNV-1a hash of its number's bytes (YCSB's hashed order). */
    static long keyNumber(long record) {
        long hash = FNV_OFFSET;
        for (int i = 0; i < Long.BYTES; i++) {
            hash = (hash ^ ((record >>> (8 * i)) & 0xFF)) * FNV_PRIME;
        }
        return hash & Long.MAX_VALUE;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
