package dev.metric.breakdown;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.metric.server.ServerInfo;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class CommandStatsTest {

    private static CommandStats stats(String commandstats) {
        return CommandStats.of(ServerInfo.parse(
                "# Server\r\nredis_version:7.0.15\r\n# Commandstats\r\n" + commandstats));
    }

    @Test
    void meanMicrosPerCallIsTheChangeInUsecOverTheChangeInCalls() {
        CommandStats before = stats(
                "cmdstat_get:calls=100,usec=150,usec_per_call=1.50,rejected_calls=0,failed_calls=0\r\n");
        CommandStats after = stats(
                "cmdstat_get:calls=1100,usec=2150,usec_per_call=1.95,rejected_calls=0,failed_calls=0\r\n"
                + "cmdstat_setex:calls=10,usec=30,usec_per_call=3.00\r\n");

        assertEquals(OptionalDouble.of(2.0), after.microsPerCallSince(before, "GET"));
        assertEquals(OptionalDouble.of(3.0), after.microsPerCallSince(before, "setex"), "a command new since before");
    }

    /** Calls between two readings of one run of the server; unknown across a restart or a reading that failed. */
    @Test
    void callsBetweenReadingsOfOneRunOfTheServerAndNoneAcrossARestart() {
        ServerInfo before = ServerInfo.parse("# Server\r\nredis_version:7.0.15\r\nrun_id:a1\r\n# Commandstats\r\n"
                + "cmdstat_get:calls=100,usec=150\r\n");
        ServerInfo after = ServerInfo.parse("# Server\r\nredis_version:7.0.15\r\nrun_id:a1\r\n# Commandstats\r\n"
                + "cmdstat_get:calls=1100,usec=2150\r\n");
        ServerInfo restarted = ServerInfo.parse("# Server\r\nredis_version:7.0.15\r\nrun_id:b2\r\n"
                + "# Commandstats\r\ncmdstat_get:calls=1100,usec=2150\r\n");

        assertEquals(1000, CommandStats.callsBetween(before, after, "GET"));
        assertEquals(0, CommandStats.callsBetween(before, after, "SET"), "a command the server never ran");
        assertEquals(-1, CommandStats.callsBetween(before, restarted, "GET"));
        assertEquals(-1, CommandStats.callsBetween(null, after, "GET"));
    }

    /** Redis 7 counts a container's subcommands apart (cmdstat_client|list); Redis 6 under the container. */
    @Test
    void aSubcommandIsCountedUnderTheNameTheServerGivesIt() {
        String server = "# Server\r\nredis_version:7.0.15\r\nrun_id:a1\r\n# Commandstats\r\n";
        ServerInfo before = ServerInfo.parse(server + "cmdstat_client|list:calls=3,usec=9\r\n"
                + "cmdstat_get:calls=10,usec=10\r\n");
        ServerInfo after = ServerInfo.parse(server + "cmdstat_client|list:calls=10,usec=30\r\n"
                + "cmdstat_client|info:calls=50,usec=50\r\ncmdstat_get:calls=30,usec=30\r\n");
        String older = "# Server\r\nredis_version:6.2.6\r\nrun_id:b2\r\n# Commandstats\r\n";

        assertEquals(7, CommandStats.callsBetween(before, after, List.of("CLIENT", "LIST")));
        assertEquals(20, CommandStats.callsBetween(before, after, List.of("GET", "list")), "a key, no subcommand");
        assertEquals(4, CommandStats.callsBetween(ServerInfo.parse(older + "cmdstat_client:calls=1,usec=1\r\n"),
                ServerInfo.parse(older + "cmdstat_client:calls=5,usec=5\r\n"), List.of("client", "list")));
    }

    @Test
    void nothingToSayWhenTheServerReportsNoCallsOrNoCommandstats() {
        CommandStats before = stats("cmdstat_get:calls=5,usec=10\r\n");

        assertEquals(OptionalDouble.empty(),
                stats("cmdstat_get:calls=5,usec=10\r\n").microsPerCallSince(before, "get"));
        assertEquals(OptionalDouble.empty(), stats("").microsPerCallSince(before, "get"));
        assertEquals(OptionalDouble.empty(),
                stats("cmdstat_get:calls=x,usec=10\r\n").microsPerCallSince(before, "get"));
    }
}
