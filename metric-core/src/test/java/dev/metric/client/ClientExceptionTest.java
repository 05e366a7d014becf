package dev.metric.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.net.ConnectException;
import org.junit.jupiter.api.Test;

class ClientExceptionTest {

    @Test
    void findsACauseHiddenAsASuppressedException() {
        ConnectException refused = new ConnectException("Connection refused");
        RuntimeException failure = new RuntimeException("Failed to connect");
        failure.addSuppressed(refused);
        assertSame(refused, ClientException.find(new IllegalStateException(failure), ConnectException.class));
        assertNull(ClientException.find(new RuntimeException("other"), ConnectException.class));
    }

    @Test
    void describesOnOneLine() {
        assertEquals("IllegalStateException: two lines",
                ClientException.describe(new IllegalStateException("two\nlines")));
    }
}
