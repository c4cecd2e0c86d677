package io.github.camelresourcesync.component.support;

import java.nio.file.Path;
import java.time.Duration;

import io.github.camelresourcesync.http.FetcherConfig;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * The fetch limits ({@link FetchLimitsConfiguration}) and the options of the schemes that fetch documents and resource
 * bodies with retries: the retries and their backoff, the largest body, and where large bodies are spooled. Held by
 * {@code resourcesync} and {@code resourcesync-atompmh}; not by {@code resourcesync-metashare}, whose requests are
 * tried once a poll (a failed poll is tried again at the next) and whose records are read in memory within
 * {@code maxDocumentSize}. The publisher's hub requests use none of these.
 */
@UriParams
public class FetchConfiguration extends FetchLimitsConfiguration {

    @UriParam(label = "http", defaultValue = "" + FetcherConfig.DEFAULT_MAX_RETRIES,
              description = "Retries of a request on connection errors, 5xx (except 501), 429 and 408, with"
                            + " exponential backoff and jitter (Retry-After honoured); 0 disables.")
    private int maxRetries = FetcherConfig.DEFAULT_MAX_RETRIES;
    @UriParam(label = "http", defaultValue = "" + FetcherConfig.DEFAULT_RETRY_DELAY_MILLIS,
              javaType = "java.time.Duration",
              description = "First backoff delay; doubles with each retry.")
    private long retryDelay = FetcherConfig.DEFAULT_RETRY_DELAY_MILLIS;
    @UriParam(label = "http", defaultValue = "" + FetcherConfig.DEFAULT_RETRY_MAX_DELAY_MILLIS,
              javaType = "java.time.Duration",
              description = "Longest backoff delay, also the longest Retry-After honoured.")
    private long retryMaxDelay = FetcherConfig.DEFAULT_RETRY_MAX_DELAY_MILLIS;
    @UriParam(label = "advanced", defaultValue = "" + FetcherConfig.DEFAULT_MAX_CONTENT_SIZE,
              description = "Largest resource body accepted, in bytes; 0 for no limit. A body is never read more than"
                            + " one byte beyond its published length either.")
    private long maxContentSize = FetcherConfig.DEFAULT_MAX_CONTENT_SIZE;
    @UriParam(label = "advanced", defaultValue = "" + FetcherConfig.DEFAULT_SPOOL_THRESHOLD,
              description = "Resource bodies up to this many bytes are kept in memory; larger ones are spooled to a"
                            + " temporary file in `spoolDirectory`.")
    private int spoolThreshold = FetcherConfig.DEFAULT_SPOOL_THRESHOLD;
    @UriParam(label = "advanced",
              description = "Directory for spooled bodies and an audit's temporary file; default: the JVM's"
                            + " temporary directory.")
    private String spoolDirectory;

    @Override
    public FetcherConfig applyTo(FetcherConfig config) {
        return super.applyTo(config).maxRetries(maxRetries).retryInitialDelay(Duration.ofMillis(retryDelay))
                .retryMaxDelay(Duration.ofMillis(retryMaxDelay)).maxContentSize(maxContentSize)
                .spoolThreshold(spoolThreshold).spoolDirectory(spoolDirectory == null ? null : Path.of(spoolDirectory));
    }

    @Override
    public FetchConfiguration copy() {
        return (FetchConfiguration) super.copy();
    }

    public int getMaxRetries() {
        return maxRetries;
    }

    public void setMaxRetries(int maxRetries) {
        this.maxRetries = maxRetries;
    }

    public long getRetryDelay() {
        return retryDelay;
    }

    public void setRetryDelay(long retryDelay) {
        this.retryDelay = retryDelay;
    }

    public long getRetryMaxDelay() {
        return retryMaxDelay;
    }

    public void setRetryMaxDelay(long retryMaxDelay) {
        this.retryMaxDelay = retryMaxDelay;
    }

    public long getMaxContentSize() {
        return maxContentSize;
    }

    public void setMaxContentSize(long maxContentSize) {
        this.maxContentSize = maxContentSize;
    }

    public int getSpoolThreshold() {
        return spoolThreshold;
    }

    public void setSpoolThreshold(int spoolThreshold) {
        this.spoolThreshold = spoolThreshold;
    }

    public String getSpoolDirectory() {
        return spoolDirectory;
    }

    public void setSpoolDirectory(String spoolDirectory) {
        this.spoolDirectory = spoolDirectory;
    }
}
