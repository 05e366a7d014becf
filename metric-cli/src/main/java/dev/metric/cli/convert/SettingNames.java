package dev.metric.cli.convert;

import dev.metric.settings.NamesSettings;
import dev.metric.settings.Setting;

/**
 * The command line's words for the settings core code names in its messages: the one place that
 * knows, for instance, that keys per read are {@code --mget}. Every message a core failure carries
 * is rendered here before the user sees it.
 */
public final class SettingNames {

    /** The environment variable a password may come from. */
    public static final String PASSWORD_VARIABLE = "METRIC_PASSWORD";

    private SettingNames() {
    }

    /** The option (or words) that stand for {@code setting} on the command line. */
    static String of(Setting setting) {
        return switch (setting) {
            case FLUSH -> "--flush";
            case CONFIRM_FLUSH -> "--yes";
            case SKIP_LOAD -> "--skip-load";
            case DATABASE -> "--db";
            case PROTOCOL -> "--protocol";
            case CLIENT -> "--client";
            case BREAKDOWN -> "the latency breakdown";
            case TTL -> "--ttl";
            case SEARCH -> "--find-max";
            case STEP_DURATION -> "--step-duration";
            case RATE -> "--rate";
            case RATE_TICK -> "--rate-tick";
            case SLO -> "--slo";
            case PIPELINE -> "--pipeline";
            case INFLIGHT -> "--inflight";
            case CONNECTIONS -> "--connections";
            case ENGINE -> "--engine";
            case THREADS -> "<threads>";
            case POOL_SIZE -> "--pool-size";
            case BUSY_POLL -> "--busy-poll";
            case KEYS_PER_READ -> "--mget";
            case KEY_PREFIX -> "--key-prefix";
            case KEY_SIZE -> "--key-size";
            case KEY_MINIMUM -> "--key-minimum";
            case KEY_MAXIMUM -> "--key-maximum";
            case VALUE_SIZE -> "--value-size";
            case VALUE_TYPE -> "--type";
            case FIELDS -> "--fields";
            case ELEMENTS -> "--elements";
            case STRICT -> "--strict";
            case TEMPLATE_RUN -> "metric run";
            case COMMAND -> "--command";
            case TRACE -> "the trace";
            case TRACE_FORMAT -> "--format";
            case SPEED -> "--speed";
            case STRICT_TRACE -> "--strict-trace";
            case WARMUP -> "--warmup-commands";
            case WEIGHTS -> "--weights";
            case PERCENTILES -> "--percentiles";
            case RESP -> "--resp";
            case TLS -> "--tls";
            case CA_CERT -> "--cacert";
            case CERT -> "--cert";
            case KEY -> "--key";
            case KEY_PASSWORD_FILE -> "--key-password-file";
            case SNI -> "--sni";
            case PASSWORD_SOURCES -> "--password-file, " + PASSWORD_VARIABLE + " or --askpass";
            case CLUSTER -> "--cluster";
            case NO_EMBEDDED -> "--no-embedded";
            case REPEAT -> "--repeat";
            case WORKLOAD -> "--workload";
            case REPLICA -> "--replica";
            case NO_REPLICAS -> "--no-replicas";
            case REPLICA_WAIT -> "--replica-wait";
            case SENTINEL -> "--sentinel";
            case WAIT -> "--wait";
            case COMMAND_TIMEOUT -> "--timeout";
            case READ_FROM -> "--read-from";
            case REQUESTS -> "--requests";
            case SCAN_CURSOR -> "--scan-incremental-iteration";
            case WARMUP_TIME -> "--warmup-time";
        };
    }

    /** The message of {@code failure} in the command line's words. */
    public static String message(Throwable failure) {
        return failure instanceof NamesSettings named ? named.settingMessage().render(SettingNames::of)
                : failure.getMessage();
    }
}
