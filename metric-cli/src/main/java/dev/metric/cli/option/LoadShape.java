package dev.metric.cli.option;

import picocli.CommandLine.Parameters;

/** The original tool's positional arguments, {@code <threads> <kkeys> [port]}, shared by both modes. */
public final class LoadShape {

    @Parameters(index = "0", paramLabel = "<threads>", description = "Client threads, 1..1000.")
    public int threads;

    @Parameters(index = "1", arity = "0..1", paramLabel = "<kkeys>",
            description = "Thousands of keys. One k is 1024 keys, as in the original tool: 3000 = 3,072,000 keys."
                    + " Leave it out when --keys gives the count.")
    public Integer kkeys;

    @Parameters(index = "2", arity = "0..1", paramLabel = "port",
            description = "Server port (default: 6379).")
    public Integer port;
}
