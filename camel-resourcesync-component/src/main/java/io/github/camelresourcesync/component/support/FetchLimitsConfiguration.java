package io.github.camelresourcesync.component.support;

import io.github.camelresourcesync.http.FetcherConfig;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * How many requests a harvesting endpoint has in flight, over how many connections, and how large a document it
 * accepts: the fetch options every harvesting scheme honours. {@link FetchConfiguration} adds those of the schemes that
 * fetch resource bodies with retries. The defaults are those of {@link FetcherConfig}; {@link #applyTo} is the one place
 * these options become fetch settings.
 */
@UriParams
public class FetchLimitsConfiguration extends TemplateConfiguration<FetchLimitsConfiguration> {

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

    /** These options applied to a fetch policy. */
    public FetcherConfig applyTo(FetcherConfig config) {
        return config.maxConnections(maxConnections).maxRequestsPerHost(maxRequestsPerHost)
                .maxConnectionsPerHost(maxConnectionsPerHost).maxDocumentSize(maxDocumentSize);
    }

    public int getMaxConnections() {
        return maxConnections;
    }

    public void setMaxConnections(int maxConnections) {
        this.maxConnections = maxConnections;
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

    public long getMaxDocumentSize() {
        return maxDocumentSize;
    }

    public void setMaxDocumentSize(long maxDocumentSize) {
        this.maxDocumentSize = maxDocumentSize;
    }
}
