package dev.metric.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DataSpecTest {

    private final DataSpec strings = DataSpec.standard(100, 1);

    @Test
    void stringsAreTheDefaultAndOneValueEach() {
        assertEquals(ValueType.STRING, strings.type());
        assertEquals(1, strings.elements());
        assertThrows(IllegalArgumentException.class, () -> strings.withType(ValueType.STRING, 2));
    }

    @Test
    void aStructureHasOneToAThousandElements() {
        assertEquals(1000, strings.withType(ValueType.ZSET, 1000).elements());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> strings.withType(ValueType.HASH, 0));
        assertEquals("fields: must be 1..1000, got 0", none.getMessage());
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
                () -> strings.withType(ValueType.LIST, 1001));
        assertEquals("elements: must be 1..1000, got 1001", tooMany.getMessage());
    }

    @Test
    void elementsHoldTheirKeyAndVersionAndAStructureFitsTheLimitOfOneKey() {
        DataSpec shortValues = strings.withSizes(DataSpec.STANDARD_KEY_SIZES, SizeDistribution.range(8, 21));
        assertThrows(IllegalArgumentException.class, () -> shortValues.withType(ValueType.HASH, 3));

        DataSpec megabytes = strings.withSizes(DataSpec.STANDARD_KEY_SIZES, SizeDistribution.range(1 << 20, 1 << 20));
        assertEquals(128, megabytes.withType(ValueType.LIST, 128).elements(), "128 MB exactly");
        IllegalArgumentException over = assertThrows(IllegalArgumentException.class,
                () -> megabytes.withType(ValueType.LIST, 129));
        assertTrue(over.getMessage().contains("a list could hold 135,266,304 bytes"), over.getMessage());
    }

    @Test
    void theDescriptionNamesTheStructure() {
        assertEquals("hashes of 3 fields of 200-2000 B", strings.withType(ValueType.HASH, 3).valuesInWords());
        assertEquals("sorted sets of 1 member of 200-2000 B", strings.withType(ValueType.ZSET, 1).valuesInWords());
        assertEquals("values of 200-2000 B", strings.valuesInWords());
    }
}
