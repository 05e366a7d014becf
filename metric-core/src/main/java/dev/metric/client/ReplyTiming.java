package dev.metric.client;

/**
 * How a binding stamps the moment a request goes on the wire and the moment its reply comes,
 * which is what every service time is made of. Reports say which one a run had.
 */
public enum ReplyTiming {

    /**
     * On the wire as the request is handed to the library to be encoded and written (on the
     * caller's thread for Jedis, on the library's I/O thread for Lettuce and folsom); each reply
     * stamped as it is read.
     */
    EACH_REPLY("on the wire as handed to the library's write, each reply when read"),

    /**
     * The library gives no hold between its write and its read (Jedis's {@code JedisCluster}):
     * on the wire when the call began, and the replies of a pipeline all stamped when the last
     * one is read, so with several requests in flight service times are batch times.
     */
    WHOLE_CALL("from the library call to its return; pipelined requests share their batch's time");

    private final String meaning;

    ReplyTiming(String meaning) {
        this.meaning = meaning;
    }

    /** What the service times of a run with this timing mean, in words. */
    public String meaning() {
        return meaning;
    }
}
