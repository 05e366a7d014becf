package dev.metric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MetricCliTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "mode1 0 5                         | threads must be 1..1000, got 0",
        "mode1 -1 5                        | threads must be 1..1000, got -1",
        "mode1 1001 5                      | threads must be 1..1000, got 1001",
        "mode1 abc 5                       | 'abc' is not an int",
        "mode1 2 0                         | kkeys must be 1..2097151, got 0",
        "mode1 2 -5                        | kkeys must be 1..2097151, got -5",
        "mode1 2 abc                       | 'abc' is not an int",
        "mode1 2 2097152                   | kkeys must be 1..2097151, got 2097152",
        "mode1 2 99999999999               | is not an int",
        "mode1 2 5 0                       | port must be 1..65535, got 0",
        "mode1 2 5 70000                   | port must be 1..65535, got 70000",
        "mode1 2 5 abc                     | 'abc' is not an int",
        "mode1 2 5 --client foo            | unknown client 'foo', expected jedis, lettuce, resp or folsom",
        "mode1 2 5 --protocol memcache     | unknown protocol 'memcache', expected redis or memcached",
        "mode1 2 5 --protocol memcached --db 3 | --db: memcached has no databases (--protocol memcached)",
        "mode2 2 5 --protocol memcached --cluster | memcached has no cluster: leave out --cluster",
        "mode1 2 5 --protocol memcached --embedded-cluster 3 | memcached has no cluster",
        "mode1 2 5 --protocol memcached --resp 3 | --resp 3: memcached speaks its own protocol, not RESP",
        "mode1 2 5 --protocol memcached --user bob | --user: memcached's text protocol has no ACL users",
        "mode1 2 5 --protocol memcached --tls | metric reaches memcached without a password or TLS",
        "mode1 2 5 --protocol memcached --uri redis://h:1 | --uri names a Redis server",
        "mode1 2 5 --protocol memcached --type hash | --type hash with --protocol memcached: memcached stores strings",
        "mode1 2 5 --protocol memcached --client jedis | --client jedis speaks redis, not memcached: with --protocol"
                + " memcached the client is folsom",
        "mode1 2 5 --client folsom         | --client folsom speaks memcached, not redis",
        "mode2 2 5 --protocol memcached --ttl 60-3000000 | --ttl up to 3000000 s with --protocol memcached: it reads"
                + " an expiry of more than 2592000 s (30 days) as a Unix time",
        "mode1 2 5 --protocol memcached --key-size 100-300 | --key-size up to 300 bytes with --protocol memcached",
        "run 2 5 --protocol memcached --command HSET | --command 'HSET': memcached has no HSET here; a template sends"
                + " one of get, set, add, replace, append, prepend, delete, touch, incr, decr",
        "run 2 5 --protocol memcached --command GET | --command 'GET': GET takes a key",
        "run 2 5 --protocol memcached --command hgetall | --command 'hgetall': memcached has no hgetall",
        "mode1 2 5 --memcached-threads 4   | --memcached-threads starts memcached: it needs --protocol memcached",
        "mode1 2 5 --protocol memcached --memcached-threads 0 | --memcached-threads must be 1..64, got 0",
        "mode1 2 5 --pool-size 0           | --pool-size must be at least 1, got 0",
        "mode1 2 5 --busy-poll             | --busy-poll with --engine threads: only metric's event loops poll",
        "mode1 2 5 --client lettuce --engine threads --busy-poll | --busy-poll with --engine threads: only metric's",
        "mode1 2 5 --client resp --engine threads | --engine threads with resp: metric's own client has no pool",
        "mode2 2 5 --client resp --pool-size 4 | --engine threads with resp: metric's own client has no pool",
        "mode1 2 5 --client resp --cluster | --client resp connects to one server: a cluster or Sentinels need",
        "sweep mode1 1,2 5 --out /tmp/s --client jedis,resp | resp has no pool, only event loops: run it on its own",
        "mode1 2 5 --flush --skip-load     | --flush and --skip-load contradict each other",
        "mode1 2 5 --reads 0               | reads must be at least 1, got 0",
        "mode1 2 5 --warmup -1             | '-1' is not a whole count like 100000, 64k (65,536) or 1m",
        "mode1 2 5 --warmup-reads 1.5      | '1.5' is not a whole count like 100000, 64k (65,536) or 1m",
        "mode1 2 5 --reads 1x              | Invalid value for option '--reads': '1x' is not a whole count",
        "mode1 2 5 --load-batch 0          | pipeline must be at least 1, got 0",
        "mode1 2 5 --warmup 1 --warmup-reads 2 | --warmup is the old name of --warmup-reads: give one of them",
        "run 2 5 --command GET --warmup 1 --warmup-time 2 | --warmup is the old name of --warmup-time: give one",
        "mode1 2 5 --db -1                 | database must be >= 0, got -1",
        "mode1 2 5 --inflight 0            | inflight must be 1..10000, got 0",
        "mode1 2 5 --bogus                 | Unknown option: '--bogus'",
        "mode1 2                           | the key count is missing: give <kkeys> (1024 keys each) or --keys N",
        "run 2 5                           | give the commands to send: --command TEMPLATE (repeatable), or --ratio"
                + " SET:GET for SET and GET",
        "run 2 5 --ratio 1:1 --command GET | --ratio sends memtier_benchmark's SET and GET in place of --command: give"
                + " one",
        "run 2 5 --ratio 0:0               | --ratio must be SET:GET, two whole numbers not both 0 (e.g. 1:10), not"
                + " '0:0'",
        "run 2 5 --ratio 1:2 --weights 1   | --weights, --command-ratio and --command-key-pattern go with --command,"
                + " not --ratio",
        "run 2 5 --command __key__         | the command's name comes first, not __key__",
        "run 2 5 --command GET --weights 1,2 | --weights has 2 weights for 1 --command templates",
        "run 2 5 --command GET --weights x | --weights: 'x' is not a whole number",
        "run 2 5 --command GET --weights 0 | --weights: '0' is not a whole number of at least 1",
        "run 2 5 --command GET --key-dist pareto | unknown --key-dist 'pareto'",
        "run 2 --key-minimum 5 --key-maximum 4 --command GET | --key-minimum 5 and --key-maximum 4: expected 0 <="
                + " minimum <= maximum",
        "run 2 5 --key-maximum 9 --command GET | --key-minimum and --key-maximum give the keys: not <kkeys> too (5)",
        "run 2 --key-maximum 9 --keys 10 --command GET | --key-minimum and --key-maximum name the keys as"
                + " memtier_benchmark does: not with --keys",
        "run 2 --key-maximum 9 --cleanup --command GET | not with --cleanup, as such names are not provably metric's",
        "run 2 --key-maximum 9 -n allkeys --command MGET__key__ | the command's name comes first",
        "run 2 --key-maximum 9 -n allkeys --command GET | allkeys sends each key once: with a --command of one"
                + " __key__, not 0",
        "memtier -p 1 --foo                | memtier_benchmark has no option --foo",
        "suite /etc/hostname               | each suite starts on an empty server: give --yes to let metric FLUSHALL",
        "suite /etc/hostname --embedded    | /etc/hostname: not a benchmark suite of redis-benchmarks-specification",
        "suite /nonexistent.yml --embedded | no suite at /nonexistent.yml",
        "suite /etc/hostname --embedded --topology oss-cluster-5-primaries | --embedded starts oss-standalone,"
                + " oss-standalone-NN-io-threads, oss-standalone-01-replicas or oss-cluster-3-primaries, not"
                + " oss-cluster-5-primaries",
        "memtier -h 127.0.0.1 --wait-ratio 1:1 | --wait-ratio is not run by metric memtier: WAIT after writes is"
                + " mode2's --wait",
        "memtier --key-pattern P:P -n allkeys --key-maximum 9 -c 1 -t 1 --data-size-pattern S | --data-size-pattern S"
                + " is not run by metric memtier",
        "mode1 2 5 --mget 0                | --mget must be 1..1000, got 0",
        "mode1 2 5 --mget 1001             | --mget must be 1..1000, got 1001",
        "mode1 2 5 --cluster --mget 4      | --mget 4 on a cluster: an MGET needs all its keys in one hash slot",
        "mode1 2 5 --resp 4                | --resp must be 2 or 3, got 4",
        "mode2 2 5 --mget 1001             | --mget must be 1..1000, got 1001",
        "mode2 2 5 --workload ycsb-g       | --workload: expected ycsb-a, ycsb-b, ycsb-c, ycsb-d, ycsb-e or ycsb-f,"
                + " got 'ycsb-g'",
        "mode2 2 5 --workload ycsb-b --ttl 1-2 | --workload ycsb-b sets its own records and mix: not with --ttl",
        "mode2 2 5 --workload ycsb-e --value-size 50 | --workload ycsb-e sets its own records and mix: not with"
                + " --value-size",
        "mode2 2 5 --workload ycsb-a --strict | --workload ycsb-a sets its own records and mix: not with --strict",
        "mode2 2 5 --workload ycsb-a --protocol memcached | --workload runs YCSB's workloads as YCSB's Redis binding"
                + " stores them: not with --protocol memcached",
        "mode2 2 5 --workload ycsb-a --cluster | --workload runs on one server, not a cluster",
        "mode2 2 5 --cluster --mget 4      | --mget 4 on a cluster: an MGET needs all its keys in one hash slot",
        "mode2 2 5 --type list --mget 2    | --mget 2 with --type list: MGET reads strings",
        "mode1 2 5 --type set              | --type: expected string, hash, list or zset, got 'set'",
        "mode2 2 5 --type list --fields 3  | --fields 3 with --type list: fields are a hash's; a list has --elements",
        "mode1 2 5 --elements 3            | --elements 3 with --type string: elements are a list's or sorted set's",
        "mode1 2 5 --type hash --fields 0  | --fields: must be 1..1000, got 0",
        "sweep mode2 1,2 5 --out /tmp/s --type zset --elements 1001 | --elements: must be 1..1000, got 1001",
        // -p 1 on the cases of sizes: should a limit move so that one passes its checks, its run finds
        // nothing listening (exit 3) instead of writing its values to a real server on 6379.
        "mode1 2 5 --type hash --value-size 10 -p 1 | --value-size: elements of a hash must be at least 22 bytes",
        "mode1 2 5 --type list --elements 200 --value-size 1m -p 1"
                + " | --elements 200 of --value-size up to 1,048,576 bytes: a list could",
        "mode1 2 5 --type hash --mget 4    | --mget 4 with --type hash: MGET reads strings; each hash is read whole by",
        "sweep mode2 1,2 5 --out /tmp/s --resp 1 | --resp must be 2 or 3, got 1",
        "mode1 2 5 --keys 5k 6379          | --keys 5k and <kkeys> 5: give the key count once",
        "mode2 2 --keys 0                  | --keys: expected a count of 1 to 2147483647 such as 100000, 500k",
        "mode1 2 --keys 3g                 | --keys: expected a count of 1 to 2147483647 such as 100000, 500k",
        "sweep mode1 --out /tmp/s          | the key count is missing",
        "mode1 2 5 --key-prefix=           | --key-prefix: must be 1 to 256 bytes, got 0",
        "mode2 2 5 --key-prefix 0123456789abcdef | --key-size: keys must be 23 bytes (to hold the prefix",
        "mode1 2 5 --json /nonexistent/r.json | directory /nonexistent does not exist or is not writable",
        "mode1 2 5 --csv /nonexistent/r.csv | --csv /nonexistent/r.csv: directory /nonexistent does not exist",
        "mode1 2 5 --hdr-log /nonexistent/r.hlog | --hdr-log /nonexistent/r.hlog: directory /nonexistent does not",
        "mode2 2 5 --hdr-log /tmp          | --hdr-log /tmp is a directory",
        "mode2 2 5 --flush --skip-load     | --flush and --skip-load contradict each other",
        "mode1 2 5 --timeout 0             | Invalid value for option '--timeout': '0' is outside 1ms..1h",
        "mode2 2 5 --rate 0                | a rate must be above 0 (leave --rate out for a closed loop), got '0'",
        "run 2 5 --command PING --rate 0k  | a rate must be above 0 (leave --rate out for a closed loop)",
        "mode2 2 5 --ratio 1:10:3          | --ratio must be SET:GET, two whole numbers not both 0 (e.g. 1:10)",
        "mode2 2 5 --ratio 0:0             | --ratio must be SET:GET, two whole numbers not both 0",
        "mode2 2 5 --ratio 1:10 --write-ratio 0.5 | --ratio and --write-ratio both set the share of writes",
        "mode2 2 5 --workload ycsb-a --ratio 1:1 | --workload ycsb-a sets",
        "mode2 2 5 --bogus-ratio 1:10      | Unknown option: '--bogus-ratio'",
        "mode1 2 5 --threads 4 6379        | with -t/--threads 4 the arguments are <kkeys> [port]; a third one",
        "mode1 -t 2 5 6379 -p 6380         | the port is given twice: 6379 among the arguments and -p/--port 6380",
        "mode2 5 --keys 100 -p 6380 6381   | the port is given twice",
        "mode2 --keys 100                  | the client threads are missing: give <threads> or -t/--threads",
        "mode2 -h 127.0.0.1 -p 6379 -c 50 -t 4 | -h is help here, as in memtier_benchmark, not redis-benchmark's host:",
        "mode2 2 5 --test-time 8d          | Invalid value for option '--test-time': '8d' is not a duration",
        "mode2 2 5 --hdr-log a.hlog --hdr-file-prefix a | --hdr-log and --hdr-file-prefix both name the interval log",
        "mode2 2 5 --metrics-port 70000    | --metrics-port must be 0 (a free port) to 65535, got 70000",
        "mode2 2 5 --connect-timeout soon  | 'soon' is not a duration like 500ms, 2s, 1m or 1h",
        "mode2 2 5 --timeout 2h            | Invalid value for option '--timeout': '2h' is outside 1ms..1h",
        "mode1 2 5 --yes                   | --yes confirms --flush, which was not given",
        "mode1 2 5 --uri http://h          | --uri must start with redis://, rediss://, redis+cluster://",
        "mode1 2 5 --cluster --db 3        | a Redis Cluster has db 0 only: leave out --db",
        "mode1 2 5 --uri redis+cluster://h/1 | a Redis Cluster has db 0 only",
        "mode1 2 5 --embedded-cluster 0    | --embedded-cluster must be 1..16, got 0",
        "mode2 2 5 7000 --embedded-cluster 3 | --embedded-cluster starts its own cluster: give it without --host",
        "mode1 2 5 --embedded-cluster 3 --tls | --embedded-cluster starts servers without credentials or TLS",
        "mode1 2 5 6390 --embedded         | --embedded starts a local server of its own: give it without --host",
        "mode2 2 5 --embedded --host h     | --embedded starts a local server of its own: give it without --host",
        "mode1 2 5 --embedded --no-embedded | --embedded starts a local server of its own: give it without --no-emb",
        "mode1 2 5 --embedded --embedded-cluster 3 | for a local cluster, give --embedded-cluster alone",
        "mode1 2 5 --embedded --tls        | --embedded starts a server without credentials or TLS",
        "mode1 4 5 --embedded-cluster 3 --pool-size 2 | jedis on a cluster needs a pool of at least one connection per"
                + " thread (4), got 2",
        "mode1 2 5 --uri redis://h/x       | --uri: the path must be a database number, got '/x'",
        "mode1 2 5 --uri redis://h --db 2  | --uri names the host, port and database: give it without --host",
        "mode2 2 5 7000 --uri redis://h    | --uri names the host, port and database",
        "mode1 2 5 --percentiles 50,98     | --percentiles: 98 is not one of 50,75,90,95,99,99.5,99.9,99.95,99.99",
        "mode2 2 5 --percentiles 99,50     | --percentiles must be ascending and distinct, got 99,50",
        "run 2 5 --command GET --percentiles x | --percentiles takes numbers such as 50,90,99,99.9,99.99, got 'x'",
        "mode1 2 5 --cacert /ca.pem        | --cacert, --cert, --key, --key-password-file, --sni and --insecure need",
        "mode1 2 5 --sni redis.example     | --cacert, --cert, --key, --key-password-file, --sni and --insecure need",
        "mode1 2 5 --tls --sni bad!name     | --sni bad!name: not a host name",
        "mode1 2 5 --tls --key-password-file /etc/hostname"
                + " | --key-password-file is the password of --key: give --key too",
        "mode1 2 5 --tls --cacert /no/ca.pem | --cacert /no/ca.pem: no such file",
        "mode1 2 5 --tls --cert /no/c.pem  | --cert and --key go together",
        "mode1 2 5 --tls --cert /etc/hostname --key /etc/hostname | --cert /etc/hostname: not a PEM certificate",
        "mode1 2 5 --user bob              | --user bob needs a password: --password-file, METRIC_PASSWORD"
                + " or --askpass",
        "mode1 2 5 --password a --askpass  | choose one of --password, --password-file and --askpass",
        "mode1 2 5 --password-file /no/pw  | --password-file /no/pw: no such file",
        "mode2 2 5 --askpass               | --askpass needs a terminal",
        "mode2 2 5 --run-id a/b            | --run-id must be 1 to 64 letters, digits, '.', '_' or '-', got 'a/b'",
        "mode2 2 5 --start-at soon         | --start-at must be an instant like 2026-11-21T14:30:00Z or a time of day",
        "mode1 2 5 --start-at 2020-01-01T00:00:00Z | --start-at 2020-01-01T00:00:00Z has passed",
        "mode1 2 5 --start-at 2999-01-01T00:00:00Z | --start-at 2999-01-01T00:00:00Z is more than a day away",
        "mode2 2 5 --index-env NO_SUCH_VARIABLE_X | --index-env NO_SUCH_VARIABLE_X: no such environment variable",
        "mode2 2 5 --print-results --json r.json | --print-results prints the files of --json and --hdr-log: give both",
        "fleet --image m -- mode2 2 5 --host db | Missing required option: '--generators=N'",
        "fleet --generators 2 --image m -- mode3 2 5 | the generator's command line must begin with mode1, mode2,"
                + " run or replay",
        "fleet --generators 2 --image m -- bench 2 5 | the generator's command line must begin with mode1, mode2,"
                + " run or replay",
        "fleet --generators 2 --image m --volume traces -- mode2 2 5 --host db | --volume must be CLAIM:PATH, a"
                + " PersistentVolumeClaim of the namespace and the absolute path the pods mount it at, got 'traces'",
        "fleet --generators 2 --image m --volume t:/metric-results -- mode2 2 5 --host db | --volume t:/metric-results:"
                + " /metric-results is not for a volume",
        "fleet --generators 2 --image m -- replay /no/such.trace --host db | the generator's command line: metric"
                + " replay: the trace /no/such.trace cannot be read: no such file",
        "run 2 5 --command GET --start-at soon | --start-at must be an instant like 2026-11-21T14:30:00Z",
        "bench -t set | the client threads are missing: give <threads> or --threads",
        "bench --threads 1 2 3 4 -t set | with --threads 1 the arguments are <kkeys> [port]; a third one (4)",
        "bench 1 2 -t set,lrange_100 | -t lrange_100: not a test of metric bench",
        "fleet --generators 2 --image m mode2 2 5 --host db | Unknown option: '--host'",
        "fleet --generators 2 --image m -- mode2 2 5 --host db --flush | the generator's --flush is not for a fleet:"
                + " one generator's would delete the keys of the others",
        "fleet --generators 2 --image m -- mode2 2 5 --embedded | the generator's --embedded is not for a fleet: a pod",
        "fleet --generators 2 --image m -- mode2 2 5 --host db --json=a.json | the generator's --json is not for a"
                + " fleet: the fleet sets",
        "fleet --generators 2 --image m -- mode2 2 5 | the generator needs the server's --host or --uri, and not a"
                + " loopback address: in a pod, 127.0.0.1 is the pod itself",
        "fleet --generators 2 --image m -- mode2 2 5 --host 127.0.0.2 | in a pod, 127.0.0.2 is the pod itself",
        "fleet --generators 2 --image m -- mode2 2 5 --host db --valeu-size 3 | the generator's command line: metric"
                + " mode2: Unknown option: '--valeu-size'; did you mean --value-size?",
        "fleet --generators 0 --image m -- mode2 2 5 --host db | --generators must be 1..1000, got 0",
        "fleet --generators 2 --image m --name Bad_Name -- mode2 2 5 --host db | --name must be 1 to 52 lower-case",
        "fleet --generators 2 --image m --cpu 2cores -- mode2 2 5 --host db | --cpu must be a Kubernetes quantity",
        "fleet --generators 2 --image m --start-in 0 -- mode2 2 5 --host db | --start-in must be positive",
        "fleet --generators 2 --image m --kubeconfig /no/kc -- mode2 2 5 --host db | --kubeconfig /no/kc: no such file",
        "fleet --generators 2 --image m -- mode2 2 5 --host db --password pw | the generator's --password is not for"
                + " a fleet: a password on the command line would be readable in the Job",
        "fleet --generators 2 --image m -- mode2 2 5 --uri redis://bob:pw@db:6379 | the generator's --uri holds a"
                + " password, which would be readable in the Job: put it in a Secret and give --password-secret",
        "fleet --generators 2 --image m --password-secret auth -- mode2 2 5 --host db | --password-secret must be"
                + " SECRET:KEY",
        "fleet --generators 2 --image m -- mode2 2 5 --host db --user bob | the generator's --user needs a password:"
                + " in a fleet, give --password-secret SECRET:KEY (see 'metric fleet --help')",
        "fleet --generators 2 --image m --start-at 2020-01-01T00:00:00Z -- mode2 2 5 --host db | --start-at"
                + " 2020-01-01T00:00:00Z has passed",
        "fleet --generators 2 --image m --start-in 1m --start-at 10:00:00 -- mode2 2 5 --host db | give --start-at or"
                + " --start-in, not both",
        "merge /no/such.json /no/other.json | /no/such.json: no such file",
        "merge /etc/hostname               | merge needs the results of at least two generators, got 1",
        "merge /etc/hostname /etc/hostname | /etc/hostname is not JSON",
        "mode9                             | Unmatched argument at index 0: 'mode9'; did you mean mode",
        "mode1 2 5 --valeu-size 3          | Unknown option: '--valeu-size'; did you mean --value-size?",
        "sweep mod2 5                      | 'mod2', '5'; did you mean mode2?",
        "mode2 0 5                         | threads must be 1..1000, got 0",
        "mode2 2 0                         | kkeys must be 1..2097151, got 0",
        "mode2 2 5 70000                   | port must be 1..65535, got 70000",
        "mode2 2 5 --ttl 0-5               | TTL range must satisfy 1 <= MIN <= MAX seconds, got 0-5",
        "mode2 2 5 --ttl 9-3               | TTL range must satisfy 1 <= MIN <= MAX seconds, got 9-3",
        "mode2 2 5 --ttl soon              | TTL range must be MIN-MAX in whole seconds",
        "mode2 2 5 --write-ratio 1.5       | write ratio must be 0..1, got 1.5",
        "mode2 2 5 --write-ratio -0.1      | write ratio must be 0..1, got -0.1",
        "mode2 2 5 --duration 0            | --duration must be whole seconds from 1s to 604800s (7 days), got 0s",
        "mode2 2 5 --duration 1500ms       | --duration must be whole seconds from 1s to 604800s (7 days), got 1.5s",
        "mode2 2 5 --duration 8d           | Invalid value for option '--duration': '8d' is not a duration like",
        "mode2 2 5 --warmup -1             | Invalid value for option '--warmup': '-1' is not a duration like",
        "mode2 2 5 --warmup-time 169h      | --warmup-time must be whole seconds from 0s to 604800s (7 days), got 169h",
        "run 2 5 --command GET --duration 0.5 | --duration must be whole seconds from 1s",
        "run 2 5 --command GET --rate 5q   | Invalid value for option '--rate': '5q' is not a rate like 2500, 10k",
        "mode2 2 5 --ttl 1m-30s            | TTL range must satisfy 1 <= MIN <= MAX seconds, got 60-30",
        "mode2 2 5 --ttl 1500ms            | TTL range must be MIN-MAX in whole seconds, e.g. 60-600 or 1m-10m",
        "mode2 2 5 --pipeline 0            | pipeline must be 1..10000, got 0",
        "mode2 2 5 --inflight 20000        | inflight must be 1..10000, got 20000",
        "mode2 2 5 --inflight 4 --pipeline 4 | choose batches (--pipeline) or a sliding window (--inflight), not both",
        "mode2 2 5 --key-dist pareto       | unknown --key-dist 'pareto', expected uniform, zipfian, hotspot,"
                + " sequential, parallel or gaussian",
        "mode2 2 5 --key-pattern R:G       | --key-pattern R:G: metric draws the keys of writes and reads alike, so"
                + " give one letter twice, e.g. R:R",
        "mode2 2 5 --key-pattern X:X       | --key-pattern X:X: expected R, S, P, G or Z",
        "mode2 2 5 --key-pattern S:S --key-dist zipfian | --key-pattern is memtier_benchmark's name for --key-dist:"
                + " give one",
        "mode2 2 5 --key-dist uniform --key-stddev 9 | --key-median and --key-stddev shape --key-dist gaussian (or a"
                + " --command-key-pattern G), not uniform",
        "run 2 5 --command GET --command-key-pattern S --command-key-pattern R | --command-key-pattern is given 2"
                + " times for 1 --command templates: give one per --command, in their order",
        "run 2 5 --command GET --command-key-pattern Q | --command-key-pattern Q: expected R, S, P, G or Z",
        "run 2 5 --command GET --command-ratio 2 --weights 3 | --command-ratio is memtier_benchmark's way to give"
                + " --weights: give one",
        "run 2 5 --command SET --command GET -n allkeys | --requests allkeys sends each key once, with one --command,"
                + " not 2",
        "run 2 5 --command GET --key-pattern G:G --key-stddev 0 | gaussian standard deviation must be more than 0"
                + " keys, got 0.0",
        "mode2 2 5 --key-dist zipfian --zipf 5 | zipfian theta must be strictly between 0 and 5, got 5.0",
        "mode2 2 5 --key-dist hotspot --hotspot 0.2 | --hotspot must be KEYS:OPS fractions, e.g. 0.2:0.8, got '0.2'",
        "mode2 2 5 --key-dist hotspot --hotspot 0:0.5 | hotspot key fraction must be strictly between 0 and 1",
        "mode2 2 5 --rate 0.5              | rate must be at least 1 operation per second, got 0.5",
        "mode2 2 5 --rate -3               | Invalid value for option '--rate': '-3' is not a rate like 2500, 10k",
        "mode2 2 5 --rate-tick 20ms        | --rate-tick releases a schedule in bursts: it needs --rate or --find-max",
        "mode2 2 5 --rate 5k --rate-tick 2s | --rate-tick must be from 0 to 1s, got 2s",
        "mode2 2 5 --rate 5k --rate-tick -1ms | Invalid value for option '--rate-tick': '-1ms' is not a duration like",
        "mode2 2 5 --find-max              | --find-max needs an --slo, e.g. --slo p99=1ms",
        "mode2 2 5 --slo p99=1ms           | --slo is used by --find-max, which was not given",
        "mode2 2 5 --find-max --slo p99<1ms | SLO must look like p99=1ms",
        "mode2 2 5 --find-max --slo p99=1ms --max-steps 0 | max steps must be 1..100, got 0",
        "mode2 2 5 --find-max --slo p99=1ms --step-duration 0 | --step-duration must be whole seconds from 1s",
        "mode2 2 5 --client lettuce --pool-size 0 | --pool-size must be at least 1, got 0",
        "mode1 2 5 --value-size 10-5 -p 1   | --value-size: MIN-MAX needs MIN <= MAX, got '10-5'",
        "mode1 2 5 --value-size 129m -p 1   | --value-size: sizes must be 1 to 128m, got '129m'",
        "mode1 2 5 --value-size 100:60,1k -p 1 | --value-size: each size of a list needs a weight",
        "mode1 2 5 --value-size 1k:0 -p 1   | --value-size: a weight must be a whole number of at least 1, got '0'",
        "mode1 2 5 --value-size 4 -p 1      | --value-size: values must be 8 bytes",
        "mode1 2 5 --key-size 10           | --key-size: keys must be 14 bytes",
        "mode2 2 5 --value-size 10-100 -p 1 | --value-size: mode2's values need at least 22 bytes",
        "sweep mode1 1,2 5 --out /tmp/s --value-size x | --value-size: a size is bytes",
        "sweep mode1 1,2 5                 | Missing required option: '--out=DIR'",
        "sweep mode1 0 5 --out /tmp/s      | <threads>: '0' is not a whole number of at least 1",
        "sweep mode1 -t 0 5 --out /tmp/s   | --threads: '0' is not a whole number of at least 1",
        "sweep mode1 1,,2 5 --out /tmp/s   | <threads> has an empty item in '1,,2'",
        "sweep mode1 1,2 5 --out /tmp/s --threads 1,2 | <kkeys>: '1,2' is not a whole number of at least 1",
        "sweep mode1 1,2 5 --out /tmp/s --pool-sizes x | --pool-size: 'x' is not a whole number of at least 1",
        "sweep mode1 1,2 5 --out /tmp/s --client jedis --pool-size shared | jedis has no shared connection",
        "sweep mode1 1,2 5 --out /tmp/s --clients jedis --pool-sizes shared | jedis has no shared connection",
        "sweep mode2 1,2 5 --out /tmp/s --clients redisson | unknown client 'redisson', expected jedis, lettuce",
        "sweep mode2 1,2 5 --out /tmp/s --repeat 0 | --repeat must be 1..100, got 0",
        "sweep mode2 1,2 5 --out /tmp/s --write-ratio 2 | write ratio must be 0..1, got 2.0",
        "sweep mode1 1,2 5 --out /etc/hostname | --out /etc/hostname is a file, not a directory",
        "sweep                             | Missing required subcommand",
        "report --out /tmp/r /no/such.json | /no/such.json: no such file or directory",
        "report --out /tmp/r /etc/hostname | /etc/hostname: expected a .json result or a .hlog interval log",
        "report /etc/hostname              | give --out DIR for the table and charts, --html FILE for one page",
        "report --html /no/such/r.html /etc/hostname | --html /no/such/r.html: directory /no/such does not exist",
        "trace                             | Missing required option: '--workload=ycsb-a..ycsb-f'",
        "trace --workload ycsb-g           | --workload: expected ycsb-a, ycsb-b, ycsb-c, ycsb-d, ycsb-e or ycsb-f",
        "trace --workload ycsb-b --records 0 | a trace needs at least 1 record and 1 operation, got 0 and 1000000",
        "trace --workload ycsb-b --operations x | '--operations': 'x' is not a whole count",
        "trace --workload ycsb-b --output /etc | --output /etc is a directory, not a file",
        "replay                            | Missing required parameter: 'FILE'",
        "replay /no/such.trace             | the trace /no/such.trace cannot be read: no such file",
        "replay /etc                       | the trace /etc cannot be read: a directory, not a file",
        "replay /etc/hostname --speed 1    | --speed replays at the trace's own times, which a plain trace does not",
        "replay /etc/hostname --speed 0    | --speed must be more than 0, got 0.0",
        "replay /etc/hostname --format csv | --format must be monitor, plain or ycsb, got csv",
        "replay /etc/hostname --flush      | --flush empties the database of a replay only with --yes",
        "replay /etc/hostname --protocol memcached | the trace of Redis commands is replayed to Redis-protocol servers",
        "replay /etc/hostname --cluster    | the trace is replayed to one server, not a cluster",
        "replay /etc/hostname --value-size 10 | --value-size must be at least 36 bytes for a replay's values",
        "replay /etc/hostname --warmup 5   | --warmup-commands must leave commands to measure: 0 to 0 of the",
    })
    void badInputIsOneLineAndExitCode2(String commandLine, String expected) {
        CliRun run = CliRun.of(commandLine.strip());

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains(expected), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertFalse(run.err().contains("Exception"), run.err());
        assertEquals("", run.out());
    }

    @Test
    void metricAlonePrintsTheUsageSummary() {
        CliRun run = CliRun.of();

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("Usage: metric "), run.out());
        assertTrue(run.out().contains("mode1") && run.out().contains("mode2") && run.out().contains("Exit codes:"),
                run.out());
        assertEquals("", run.err());
    }

    @Test
    void helpExplainsKkeysAndListsTheExitCodes() {
        CliRun run = CliRun.of("mode1", "--help");

        assertEquals(0, run.exitCode());
        assertTrue(run.out().contains("One k is 1024 keys"), run.out());
        assertTrue(run.out().contains("Exit codes:"), run.out());
        for (String code : new String[] {"0", "1", "2", "3"}) {
            assertTrue(run.out().lines().anyMatch(line -> line.strip().startsWith(code + " ")), run.out());
        }
        for (String option : new String[] {"--host", "--client", "--pool-size", "--reads", "--warmup-reads",
            "--seed", "--load-batch", "--db", "--flush", "--yes", "--cleanup", "--timeout", "--connect-timeout",
            "--skip-load",
            "--no-embedded", "--json", "--inflight", "--csv", "--hdr-log", "--no-breakdown", "--uri", "--user",
            "--password-file", "--askpass", "--password", "--tls", "--cacert", "--cert", "--key", "--insecure",
            "--cluster", "--embedded-cluster", "--embedded"}) {
            assertTrue(run.out().contains(option), option);
        }
    }

    @Test
    void mergeAndReportListTheirOwnExitCodes() {
        CliRun merge = CliRun.of("merge", "--help");
        CliRun report = CliRun.of("report", "--help");

        assertTrue(merge.out().contains("0   every generator's run passed"), merge.out());
        assertTrue(report.out().contains("0   the report was printed and written"), report.out());
        for (CliRun run : new CliRun[] {merge, report}) {
            assertTrue(run.out().contains("Exit codes:"), run.out());
            assertFalse(run.out().contains("every read verified"), run.out());
            assertFalse(run.out().contains("cannot reach"), run.out());
        }
        assertTrue(CliRun.of("mode2", "--help").out().matches("(?s).*\\n +0 +every read verified.*"));
    }

    @Test
    void mode2HelpNamesEveryOption() {
        CliRun run = CliRun.of("mode2", "--help");

        assertEquals(0, run.exitCode());
        assertTrue(run.out().contains("Exit codes:"), run.out());
        for (String option : new String[] {"--host", "--client", "--pool-size", "--seed", "--db", "--flush",
            "--no-embedded", "--json", "--ttl", "--write-ratio", "--duration", "--warmup-time", "--pipeline",
            "--inflight",
            "--key-dist", "--zipf", "--hotspot", "--rate", "--find-max", "--slo", "--max-steps", "--step-duration",
            "--csv", "--hdr-log", "--no-breakdown", "--skip-load"}) {
            assertTrue(run.out().contains(option), option);
        }
    }

    /** The committed script is what picocli generates from the commands as they are now. */
    @Test
    void theCommittedCompletionScriptIsUpToDate() throws Exception {
        CliRun run = CliRun.of("generate-completion");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("complete -F _complete_metric"), run.out());
        for (String word : new String[] {"sweep", "report", "--pool-size", "--hdr-log", "--key-dist"}) {
            assertTrue(run.out().contains(word), word);
        }
        Path committed = Path.of(System.getProperty("user.dir"))
                .resolve("../scripts/completion/metric_completion.bash");
        assertEquals(Files.readString(committed), run.out(),
                "regenerate it: java -jar metric-cli/target/metric.jar generate-completion > " + committed.normalize());
    }

    @Test
    void rootHelpListsBothModes() {
        CliRun run = CliRun.of("--help");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().contains("mode1"), run.out());
        assertTrue(run.out().contains("mode2"), run.out());
    }
}
