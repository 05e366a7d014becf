package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.workload.DataSet;
import dev.metric.ycsb.YcsbRecords;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class OwnKeysTest {

    private final DataSet dataSet = DataSet.standard(1, 1024);
    private final OwnKeys own = OwnKeys.of(dataSet);

    @Test
    void theDataSetsKeysYcsbsRecordsAndTheMarkerHaveMetricsShape() {
        assertTrue(own.hasOwnShape(dataSet.key(0)));
        assertTrue(own.hasOwnShape(dataSet.key(1023)));
        assertTrue(own.hasOwnShape(YcsbRecords.key("metric:", 0)));
        assertTrue(own.hasOwnShape(YcsbRecords.key("metric:", 999_999)));
        assertTrue(own.hasOwnShape(YcsbRecords.indexKey("metric:")));
        assertArrayEquals(bytes("metric:#metric"), own.marker());
        assertTrue(own.hasOwnShape(own.marker()) && own.isMarker(own.marker()));
        assertFalse(own.isMarker(dataSet.key(0)));
    }

    @Test
    void anApplicationsKeysUnderThePrefixAreNot() {
        for (String key : new String[] {"metric:user:42", "metric:users", "metric:user0042", "metric:_index",
            "metric:#metrics", "metric", "user1234", "metric:user99999999999999999999"}) {
            assertFalse(own.hasOwnShape(bytes(key)), key);
        }
    }

    @Test
    void onlyAMarkersOwnValueProvesTheKeysMetrics() {
        assertTrue(own.isMarkerValue(own.markerValue()));
        assertTrue(own.isMarkerValue(OwnKeys.of(DataSet.standard(2, 8)).markerValue()), "another run's marker");
        assertFalse(own.isMarkerValue(null), "no key there");
        assertFalse(own.isMarkerValue(bytes("1")), "an application's value under that name");
        assertFalse(own.isMarkerValue(bytes("written")));
    }

    @Test
    void aReplayOwnsNothingAndMarksNothing() {
        assertFalse(OwnKeys.NONE.marks());
        assertFalse(OwnKeys.NONE.hasOwnShape(dataSet.key(0)));
        assertFalse(OwnKeys.NONE.hasOwnShape(bytes("#metric")));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
