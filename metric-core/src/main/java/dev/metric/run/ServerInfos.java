package dev.metric.run;

import dev.metric.server.ServerInfo;
import dev.metric.server.ServerUnreachableException;
import dev.metric.server.TargetAdmin;
import java.util.Map;

/**
 * INFO read once traffic has begun, when the server may have gone away: a missing reading leaves
 * the figures that need it out of the result instead of losing the whole result.
 */
public final class ServerInfos {

    private ServerInfos() {
    }

    /** The server's INFO now, or null when it cannot be read. */
    public static ServerInfo latest(TargetAdmin admin) {
        try {
            return admin.info();
        } catch (ServerUnreachableException e) {
            return null;
        }
    }

    /** Every field of {@code info}, or null when there was no reading. */
    public static Map<String, String> fields(ServerInfo info) {
        return info == null ? null : info.fields();
    }
}
