package io.github.camelresourcesync;

import java.time.Duration;

import io.github.camelresourcesync.http.FetcherConfig;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * How often and how soon a failed request is tried again, for the endpoints that offer it ({@code resourcesync},
 * {@code resourcesync-atompmh}; the META-SHARE bridge keeps the fetcher's defaults).
 */
@UriParams
public class RetryOptions {

    @UriParam(label = "http", defaultValue = "3")
    private int maxRetries = 3;
    @UriParam(label = "http", defaultValue = "500", javaType = "java.time.Duration")
    private long retryDelay = 500;

    /** Sets the retries on {@code config}; returns it for chaining. */
    public FetcherConfig applyTo(FetcherConfig config) {
        return config.maxRetries(maxRetries).retryInitialDelay(Duration.ofMillis(retryDelay));
    }

    public int getMaxRetries() {
        return maxRetries;
    }

    /**
     * Retries of a request on connection errors, 5xx (except 501), 429 and 408, with exponential backoff and jitter
     * (`Retry-After` honoured); 0 disables.
     */
    public void setMaxRetries(int maxRetries) {
        this.maxRetries = maxRetries;
    }

    public long getRetryDelay() {
        return retryDelay;
    }

    /** First backoff delay; doubles with each retry. */
    public void setRetryDelay(long retryDelay) {
        this.retryDelay = retryDelay;
    }
}
