package io.github.camelresourcesync.component.support;

import java.nio.file.Path;
import java.time.Duration;

import io.github.camelresourcesync.http.FetcherConfig;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * How a harvesting endpoint fetches documents and bodies beyond the connection ({@link HttpConfiguration}): retries,
 * the connection pool, size limits and spooling. The publisher's hub requests use none of these, so they are options
 * of the harvesting schemes only. The defaults are those of {@link FetcherConfig}; {@link #applyTo} is the one place
 * these options become fetch settings.
 */
@UriParams
public class FetchConfiguration extends TemplateConfiguration<FetchConfiguration> {

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
    @UriParam(label = "http", defaultValue = "" + FetcherConfig.DEFAULT_MAX_CONNECTIONS,
              description = "Pooled HTTP connections in total (to one host: maxConnectionsPerHost).")
    private int maxConnections = FetcherConfig.DEFAULT_MAX_CONNECTIONS;
    @UriParam(label = "http", defaultValue = "" + FetcherConfig.DEFAULT_MAX_REQUESTS_PER_HOST,
              description = "Requests in flight to one host (scheme, host, port) from all routes of this component"
                            + " together; 0 for no limit beyond each route's fetch lanes. The default 100 is what"
                            + " one route's `fetchParallelismHttp2` lanes take: a Source 50 ms away answers up to"
                            + " 2,000 requests a second over HTTP/2, within the 100 to 128 streams servers allow on"
                            + " one connection.")
    private int maxRequestsPerHost = FetcherConfig.DEFAULT_MAX_REQUESTS_PER_HOST;
    @UriParam(label = "http", defaultValue = "" + FetcherConfig.DEFAULT_MAX_CONNECTIONS_PER_HOST,
              description = "Pooled connections to one host (at most maxConnections). HTTP/2 needs one: its"
                            + " requests share it.")
    private int maxConnectionsPerHost = FetcherConfig.DEFAULT_MAX_CONNECTIONS_PER_HOST;
    @UriParam(label = "advanced", defaultValue = "" + FetcherConfig.DEFAULT_MAX_DOCUMENT_SIZE,
              description = "Largest document accepted (capability document, feed document, META-SHARE inventory"
                            + " or record package), in bytes after decompression (guards against gzip bombs); 0 for"
                            + " no limit.")
    private long maxDocumentSize = FetcherConfig.DEFAULT_MAX_DOCUMENT_SIZE;
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

    /** These options applied to a fetch policy. */
    public FetcherConfig applyTo(FetcherConfig config) {
        return config.maxRetries(maxRetries).retryInitialDelay(Duration.ofMillis(retryDelay))
                .retryMaxDelay(Duration.ofMillis(retryMaxDelay)).maxConnections(maxConnections)
                .maxRequestsPerHost(maxRequestsPerHost).maxConnectionsPerHost(maxConnectionsPerHost)
                .maxDocumentSize(maxDocumentSize).maxContentSize(maxContentSize).spoolThreshold(spoolThreshold)
                .spoolDirectory(spoolDirectory == null ? null : Path.of(spoolDirectory));
    }

    public int getMaxRequestsPerHost() {
        return maxRequestsPerHost;
    }

    public void setMaxRequestsPerHost(int maxRequestsPerHost) {
        this.maxRequestsPerHost = maxRequestsPerHost;
    }

    public int getMaxConnectionsPerHost() {
        return maxConnectionsPerHost;
    }

    public void setMaxConnectionsPerHost(int maxConnectionsPerHost) {
        this.maxConnectionsPerHost = maxConnectionsPerHost;
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

    public int getMaxConnections() {
        return maxConnections;
    }

    public void setMaxConnections(int maxConnections) {
        this.maxConnections = maxConnections;
    }

    public long getMaxDocumentSize() {
        return maxDocumentSize;
    }

    public void setMaxDocumentSize(long maxDocumentSize) {
        this.maxDocumentSize = maxDocumentSize;
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
