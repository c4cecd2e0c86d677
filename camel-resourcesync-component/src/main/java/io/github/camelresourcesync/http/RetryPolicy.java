package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;

import javax.net.ssl.SSLException;

import org.apache.hc.client5.http.ClientProtocolException;
import org.apache.hc.client5.http.ConnectTimeoutException;

/**
 * Which failures are worth another attempt. Transient trouble is: connection errors (refused, reset, timeouts,
 * truncated bodies), 5xx except 501, 429 and 408. Everything that will fail the same way again is not: other 4xx,
 * unknown hosts, TLS handshake failures, protocol errors, size limits, an interrupted thread.
 */
final class RetryPolicy {

    private final Duration connectTimeout;
    private final Duration readTimeout;

    RetryPolicy(Duration connectTimeout, Duration readTimeout) {
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
    }

    boolean isRetryableStatus(int status) {
        return status == 408 || status == 429 || (status >= 500 && status <= 599 && status != 501);
    }

    boolean isRetryable(IOException e) {
        if (Thread.currentThread().isInterrupted() || e instanceof FetchException) {
            return false;
        }
        if (e instanceof SocketTimeoutException || e instanceof ConnectTimeoutException) {
            return true;
        }
        if (e instanceof InterruptedIOException) {
            // cancelled or interrupted, not a timeout
            return false;
        }
        if (e instanceof UnknownHostException || e instanceof ClientProtocolException) {
            return false;
        }
        if (e instanceof SSLException) {
            // an untrusted certificate or a protocol mismatch stays that way; a connection lost mid-handshake does not
            return e.getCause() instanceof IOException cause && !(cause instanceof SSLException);
        }
        return true;
    }

    /** A short, credential-free description of a transport failure for messages and the listener. */
    String describe(IOException e) {
        if (e instanceof ConnectTimeoutException) {
            return "connect timed out after " + connectTimeout.toMillis() + " ms (connectTimeout)";
        }
        if (e instanceof SocketTimeoutException) {
            return "read timed out after " + readTimeout.toMillis() + " ms (readTimeout)";
        }
        if (e instanceof UnknownHostException) {
            return "unknown host " + e.getMessage();
        }
        String message = e.getMessage();
        String type = e.getClass().getSimpleName();
        return message == null || message.isBlank() ? type : message + " (" + type + ")";
    }
}
