package dev.metric.mode.replay;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/**
 * What a replay knows a command of a trace does to the keys it names, which decides what it can
 * check: the string writes it knows (their values replaced by ones that name their key and
 * version, of the trace's lengths), the reads it checks, deletes, commands that leave keys as they
 * are, commands that change their first argument in a way it does not follow, commands that name
 * no key, and commands it does not replay at all because they change the connection or the server
 * rather than the data. A command it does not know may touch any of its arguments. The hash kinds
 * are YCSB's records ({@link YcsbLine}): only a YCSB trace names them, since only there is every
 * field of every record known; a hash command of another trace is taken by its name.
 */
enum TraceCommand {

    /** SET, SETEX, PSETEX: one key written. */
    WRITE,
    /** MSET: keys and values in pairs. */
    WRITE_PAIRS,
    /** GET: one key read, checked. */
    READ,
    /** MGET: keys read, each checked. */
    READ_MANY,
    /** DEL, UNLINK: keys deleted. */
    DELETE,
    /** HGETALL or HMGET of a YCSB record: its fields read, each checked. */
    HASH_READ,
    /** HMSET of a YCSB UPDATE: the fields it names written. */
    HASH_WRITE,
    /** HMSET of a YCSB INSERT: a record written, which the trace need not have had before. */
    HASH_INSERT,
    /** DEL of a YCSB record: its fields deleted. */
    HASH_DELETE,
    /** ZRANGEBYSCORE of YCSB's index: keys listed, each then read ({@link TraceFormat.Scan}). */
    INDEX_SCAN,
    /** Its first argument is a key, left as it was. */
    READ_ONLY,
    /** Its first argument is a key, changed in a way not followed: never checked afterwards. */
    CHANGES_KEY,
    /** Names no key. */
    KEYLESS,
    /** Changes the connection or the server, or blocks: not replayed. */
    SKIPPED,
    /** Not known: its first argument is taken as its key, and any argument may be a key it changes. */
    UNKNOWN;

    private static final Set<String> READ_ONLY_NAMES = Set.of("EXISTS", "TTL", "PTTL", "EXPIRETIME", "PEXPIRETIME",
            "TYPE", "STRLEN", "GETRANGE", "SUBSTR", "GETBIT", "BITCOUNT", "BITPOS", "HGET", "HGETALL", "HMGET",
            "HEXISTS", "HLEN", "HKEYS", "HVALS", "HSTRLEN", "HRANDFIELD", "LRANGE", "LLEN", "LINDEX", "LPOS",
            "SMEMBERS", "SISMEMBER", "SMISMEMBER", "SCARD", "SRANDMEMBER", "ZRANGE", "ZRANGEBYSCORE",
            "ZRANGEBYLEX", "ZREVRANGE", "ZREVRANGEBYSCORE", "ZSCORE", "ZMSCORE", "ZCARD", "ZRANK", "ZREVRANK",
            "ZCOUNT", "ZLEXCOUNT", "XRANGE", "XREVRANGE", "XLEN", "DUMP");
    private static final Set<String> CHANGES_KEY_NAMES = Set.of("INCR", "INCRBY", "INCRBYFLOAT", "DECR", "DECRBY",
            "APPEND", "SETRANGE", "SETBIT", "SETNX", "GETSET", "GETDEL", "GETEX", "EXPIRE", "PEXPIRE", "EXPIREAT",
            "PEXPIREAT", "PERSIST", "HSET", "HMSET", "HSETNX", "HDEL", "HINCRBY", "HINCRBYFLOAT", "LPUSH", "RPUSH",
            "LPUSHX", "RPUSHX", "LPOP", "RPOP", "LSET", "LREM", "LTRIM", "LINSERT", "SADD", "SREM", "SPOP", "ZADD",
            "ZREM", "ZINCRBY", "ZPOPMIN", "ZPOPMAX", "ZREMRANGEBYSCORE", "ZREMRANGEBYRANK", "ZREMRANGEBYLEX", "XADD",
            "XDEL", "XTRIM", "PFADD", "RESTORE");
    private static final Set<String> KEYLESS_NAMES = Set.of("PING", "ECHO", "INFO", "DBSIZE", "TIME", "LASTSAVE",
            "ROLE", "RANDOMKEY", "COMMAND", "SCAN", "KEYS", "LOLWUT");
    private static final Set<String> SKIPPED_NAMES = Set.of("SELECT", "AUTH", "HELLO", "CLIENT", "MULTI", "EXEC",
            "DISCARD", "WATCH", "UNWATCH", "SUBSCRIBE", "PSUBSCRIBE", "SSUBSCRIBE", "UNSUBSCRIBE", "PUNSUBSCRIBE",
            "SUNSUBSCRIBE", "MONITOR", "QUIT", "RESET", "SHUTDOWN", "FLUSHALL", "FLUSHDB", "DEBUG", "CONFIG",
            "REPLICAOF", "SLAVEOF", "SYNC", "PSYNC", "REPLCONF", "SAVE", "BGSAVE", "BGREWRITEAOF", "SWAPDB", "MOVE",
            "MIGRATE", "WAIT", "WAITAOF", "FAILOVER", "CLUSTER", "READONLY", "READWRITE", "ACL", "SLOWLOG",
            "LATENCY", "MEMORY", "MODULE", "SCRIPT", "FUNCTION", "BLPOP", "BRPOP", "BLMOVE", "BRPOPLPUSH",
            "BLMPOP", "BZPOPMIN", "BZPOPMAX", "BZMPOP", "XREAD", "XREADGROUP", "OBJECT");

    /** What the replay makes of {@code words}, a command's name and then its arguments, named by {@link #nameOf}. */
    static TraceCommand of(String name, byte[][] words) {
        int arguments = words.length - 1;
        if (SKIPPED_NAMES.contains(name)) {
            return SKIPPED;
        }
        if (KEYLESS_NAMES.contains(name) || arguments == 0) {
            return KEYLESS;
        }
        return switch (name) {
            case "SET" -> arguments >= 2 && plainSet(words) ? WRITE : CHANGES_KEY;
            case "SETEX", "PSETEX" -> arguments == 3 ? WRITE : CHANGES_KEY;
            case "MSET" -> arguments % 2 == 0 ? WRITE_PAIRS : UNKNOWN;
            case "GET" -> arguments == 1 ? READ : READ_ONLY;
            case "MGET" -> READ_MANY;
            case "DEL", "UNLINK" -> DELETE;
            default -> READ_ONLY_NAMES.contains(name) ? READ_ONLY
                    : CHANGES_KEY_NAMES.contains(name) ? CHANGES_KEY : UNKNOWN;
        };
    }

    /** The command's name in capitals, as the reports count it. */
    static String nameOf(byte[][] words) {
        return new String(words[0], StandardCharsets.ISO_8859_1).toUpperCase(Locale.ROOT);
    }

    /** Why a skipped command is not replayed, in a few words. */
    static String whySkipped(String name) {
        return switch (name) {
            case "BLPOP", "BRPOP", "BLMOVE", "BRPOPLPUSH", "BLMPOP", "BZPOPMIN", "BZPOPMAX", "BZMPOP", "XREAD",
                 "XREADGROUP", "WAIT", "WAITAOF" -> "it may block";
            case "SCAN" -> "memcached has no range read (YCSB's memcached binding does not scan either)";
            case "SELECT", "AUTH", "HELLO", "CLIENT", "MULTI", "EXEC", "DISCARD", "WATCH", "UNWATCH", "RESET",
                 "QUIT", "READONLY", "READWRITE" -> "it changes the connection";
            case "SUBSCRIBE", "PSUBSCRIBE", "SSUBSCRIBE", "UNSUBSCRIBE", "PUNSUBSCRIBE", "SUNSUBSCRIBE",
                 "MONITOR" -> "it turns the connection into a stream";
            default -> "it changes or inspects the server rather than the data";
        };
    }

    /** A SET whose value replaces the key's for certain: no NX, XX or GET, which make it conditional or a read. */
    private static boolean plainSet(byte[][] words) {
        for (int i = 3; i < words.length; i++) {
            if (is(words[i], "NX") || is(words[i], "XX") || is(words[i], "GET")) {
                return false;
            }
        }
        return true;
    }

    /** Whether a write ({@link #WRITE}) leaves the key with a time to live, so that a later miss may be its expiry. */
    static boolean expires(String name, byte[][] words) {
        if (!name.equals("SET")) {
            return name.equals("SETEX") || name.equals("PSETEX");
        }
        for (int i = 3; i < words.length; i++) {
            if (is(words[i], "EX") || is(words[i], "PX") || is(words[i], "EXAT") || is(words[i], "PXAT")
                    || is(words[i], "KEEPTTL")) {
                return true;
            }
        }
        return false;
    }

    /** Where a write's ({@link #WRITE}) value is among its words: SET k v (memcached's ADD, REPLACE), SETEX k ttl v. */
    static int valueAt(String name) {
        return name.equals("SETEX") || name.equals("PSETEX") ? 3 : 2;
    }

    /**
     * Whether a write ({@link #WRITE}) stores only over a value that is there: memcached's REPLACE,
     * which a YCSB UPDATE is to memcached. A key such a write comes to first is warmed, as YCSB's
     * load phase would have written it.
     */
    static boolean replacesOnlyWhatIsThere(String name) {
        return name.equals("REPLACE");
    }

    /** Whether {@code word} is {@code option} (in capitals), in any case. */
    private static boolean is(byte[] word, String option) {
        if (word.length != option.length()) {
            return false;
        }
        for (int i = 0; i < word.length; i++) {
            int b = word[i];
            if ((b >= 'a' && b <= 'z' ? b - 32 : b) != option.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
