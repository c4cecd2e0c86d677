package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;

import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLException;

import org.apache.hc.client5.http.ClientProtocolException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which failures earn another attempt, and how a transport failure is described. */
class RetryPolicyTest {

    private final RetryPolicy policy = new RetryPolicy(Duration.ofMillis(1500), Duration.ofSeconds(7));

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    @Test
    void transientStatusesAreRetried() {
        for (int status : new int[] {408, 429, 500, 502, 503, 504, 599}) {
            assertTrue(policy.isRetryableStatus(status), String.valueOf(status));
        }
        for (int status : new int[] {200, 304, 400, 401, 403, 404, 410, 499, 501, 600}) {
            assertFalse(policy.isRetryableStatus(status), String.valueOf(status));
        }
    }

    @Test
    void transientTransportFailuresAreRetried() {
        assertTrue(policy.isRetryable(new SocketTimeoutException("Read timed out")));
        assertTrue(policy.isRetryable(new ConnectTimeoutException("connect timed out")));
        assertTrue(policy.isRetryable(new ConnectException("Connection refused")));
        assertTrue(policy.isRetryable(new EOFException("truncated")));
        assertTrue(policy.isRetryable(new SSLException("connection reset during handshake",
                new IOException("Connection reset"))), "a connection lost mid-handshake");
    }

    @Test
    void failuresThatWouldRepeatAreNotRetried() {
        assertFalse(policy.isRetryable(new FetchException(URI.create("https://example.org/x"), 0, "too large")));
        assertFalse(policy.isRetryable(new InterruptedIOException("cancelled")));
        assertFalse(policy.isRetryable(new UnknownHostException("nowhere.example.org")));
        assertFalse(policy.isRetryable(new ClientProtocolException("bad response")));
        assertFalse(policy.isRetryable(new SSLHandshakeException("PKIX path building failed")));
        assertFalse(policy.isRetryable(new SSLException("bad record", new SSLException("inner"))));
    }

    @Test
    void nothingIsRetriedOnAnInterruptedThread() {
        Thread.currentThread().interrupt();
        assertFalse(policy.isRetryable(new ConnectException("Connection refused")));
        assertFalse(policy.isRetryable(new SocketTimeoutException("Read timed out")));
    }

    @Test
    void describesTransportFailuresWithTheSettingToChange() {
        assertEquals("connect timed out after 1500 ms (connectTimeout)",
                policy.describe(new ConnectTimeoutException("x")));
        assertEquals("read timed out after 7000 ms (readTimeout)", policy.describe(new SocketTimeoutException("x")));
        assertEquals("unknown host nowhere.example.org",
                policy.describe(new UnknownHostException("nowhere.example.org")));
        assertEquals("Connection refused (ConnectException)", policy.describe(new ConnectException("Connection refused")));
        assertEquals("EOFException", policy.describe(new EOFException()));
        assertEquals("EOFException", policy.describe(new EOFException("  ")));
    }
}
