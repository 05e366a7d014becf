package dev.metric.result;

import dev.metric.client.ClientDescription;
import dev.metric.client.ServerAddress;
import java.time.Instant;

/**
 * What every mode's result says first, after its configuration: when and where the run ran,
 * against which server, with which client, on which machine, and what the database held before.
 * One record so that each mode's result carries these alike; its fields are written at the top
 * level of the result's JSON.
 *
 * @param startedAt   when the run started, to tell runs of different days apart
 * @param address     where the server was
 * @param server      the server's name, version and mode from INFO
 * @param client      the client library, version, protocol and pooling
 * @param environment the JVM and machine
 * @param keysBefore  keys in the database before the run (before any flush)
 */
public record RunHeader(Instant startedAt, ServerAddress address, ServerDescription server, ClientDescription client,
                        RunEnvironment environment, long keysBefore) {
}
