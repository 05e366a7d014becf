package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
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
    void judgesAValueAtTheStartOfALongerBufferByItsLengthAlone() {
        byte[] value = dataSet.value(5);
        byte[] buffer = Arrays.copyOf(value, value.length + 500);
        byte[] tail = dataSet.value(4);
        System.arraycopy(tail, 0, buffer, value.length, Math.min(tail.length, 500));

        assertEquals(Verdict.MATCH, verifier.check(5, buffer, value.length));
        assertEquals(Verdict.WRONG_LENGTH, verifier.check(5, buffer, value.length - 1));
        assertEquals(value.length - 1, verifier.firstDifference());
        byte[] other = dataSet.value(8);
        byte[] otherInBuffer = Arrays.copyOf(other, other.length + 100);
        assertEquals(Verdict.OTHER_KEY, verifier.check(7, otherInBuffer, other.length), "told by its length too");
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
        assertEquals(Verdict.OTHER_KEY, verifier.check(7, dataSet.value(8)));
        assertEquals(Verdict.OTHER_KEY, verifier.check(999, dataSet.value(0)));
    }

    @Test
    void aDamagedValueOfAnotherKeyIsDamageNotAnotherKeysValue() {
        byte[] value = dataSet.value(8);
        value[value.length - 1] ^= 1;
        assertEquals(Verdict.WRONG_BYTES, verifier.check(7, Arrays.copyOf(value, dataSet.valueLength(7))));
        assertEquals(Verdict.WRONG_LENGTH,
                verifier.check(7, Arrays.copyOf(dataSet.value(8), dataSet.valueLength(7) + 1)));
    }

    @Test
    void aDamagedHeaderIsFoundAtItsFirstWrongByte() {
        byte[] value = dataSet.value(400);
        assertEquals("=b4.", new String(value, 0, 4, StandardCharsets.US_ASCII));
        value[2] = '5';
        assertEquals(Verdict.WRONG_BYTES, verifier.check(400, value));
        assertEquals(2, verifier.firstDifference());
        value[2] = '4';
        value[3] = ':';
        assertEquals(Verdict.WRONG_BYTES, verifier.check(400, value));
        assertEquals(3, verifier.firstDifference());
    }
}
