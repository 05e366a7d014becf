package dev.metric.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ServerAccess;
import dev.metric.settings.Setting;
import dev.metric.testkit.LocalRedisExtension;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LocalRedisExtension.class)
class ServerTargetIT {

    private static final Duration SECOND = Duration.ofSeconds(1);

    @Test
    void startsALocalServerWhenNothingAnswersAndSaysSo() throws IOException {
        List<String> notices = new ArrayList<>();
        int port = LoopbackPorts.free();
        ServerTarget target = ServerTarget.resolve(null, port, ServerAccess.PLAIN, true, SECOND, notices::add);
        try (ServerAdmin admin = ServerAdmin.connect(target.address(), 0, SECOND, SECOND)) {
            assertTrue(target.embedded());
            assertEquals(1, notices.size());
            assertTrue(notices.get(0).contains("no server answers on 127.0.0.1:" + port), notices.get(0));
            assertTrue(notices.get(0).contains(admin.info().version()), notices.get(0));
        } finally {
            target.close();
        }
        assertThrows(ServerUnreachableException.class, () -> ServerAdmin.connect(target.address(), 0, SECOND, SECOND));
    }

    @Test
    void usesTheServerThatAnswers(LocalRedisServer server) throws IOException {
        try (ServerTarget target = ServerTarget.resolve(null, server.address().port(), ServerAccess.PLAIN, true,
                SECOND, notice -> {
                    throw new AssertionError("no notice expected: " + notice);
                })) {
            assertEquals(server.address(), target.address());
            assertFalse(target.embedded());
        }
    }

    @Test
    void failsInsteadOfStartingAServerWhenEmbeddedIsNotAllowed() throws IOException {
        int port = LoopbackPorts.free();
        ServerUnreachableException e = assertThrows(ServerUnreachableException.class,
                () -> ServerTarget.resolve(null, port, ServerAccess.PLAIN, false, SECOND, notice -> { }));
        assertTrue(e.settingMessage().parts().contains(Setting.NO_EMBEDDED), e.getMessage());
    }
}
