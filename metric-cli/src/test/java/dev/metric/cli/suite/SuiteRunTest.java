package dev.metric.cli.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Where metric adds its own options to a suite's memtier command line. */
class SuiteRunTest {

    @Test
    void optionsGoWhereMemtierStillReadsThem() {
        assertEquals(List.of("-c", "1", "-s", "h", "-p", "1"), SuiteRun.withOptions(List.of("-c", "1"),
                List.of("-s", "h", "-p", "1")));
        assertEquals(List.of("-c", "1", "-s", "h", "--", "-p", "9"), SuiteRun.withOptions(List.of("-c", "1", "--",
                "-p", "9"), List.of("-s", "h")), "before a bare --, after which getopt reads no option");
    }
}
