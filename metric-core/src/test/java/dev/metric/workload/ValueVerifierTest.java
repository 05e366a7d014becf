package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ValueVerifierTest {

    private final DataSet dataSet = DataSet.standard(9, 1000);
    private final ValueVerifier verifier = new ValueVerifier(dataSet);

    @Test
    void acceptsTheValueWritten() {
        for (int i = 0; i < 1000; i++) {
            assertEquals(Verdict.MATCH, verifier.check(i, dataSet.value(i)));
            assertEquals(-1, verifier.firstDifference());
        }
    }

    @Test
    void reportsAMissingKey() {
        assertEquals(Verdict.MISSING, verifier.check(3, null));
    }

    @Test
    void reportsATruncatedOrExtendedValue() {
        byte[] value = dataSet.value(5);
        assertEquals(Verdict.WRONG_LENGTH, verifier.check(5, Arrays.copyOf(value, value.length - 1)));
        assertEquals(value.length - 1, verifier.firstDifference());
        assertEquals(Verdict.WRONG_LENGTH, verifier.check(5, Arrays.copyOf(value, value.length + 1)));
    }

    @Test
    void reportsOneChangedByteAndWhereItIs() {
        byte[] value = dataSet.value(6);
        value[123] ^= 1;
        assertEquals(Verdict.WRONG_BYTES, verifier.check(6, value));
        assertEquals(123, verifier.firstDifference());
    }

    @Test
    void reportsAnotherKeysValue() {
        assertNotEquals(Verdict.MATCH, verifier.check(7, dataSet.value(8)));
    }
}
