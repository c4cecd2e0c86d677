package io.github.camelresourcesync.component.metashare;

import java.net.URI;

import io.github.camelresourcesync.component.support.SyncEventEndpoint;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.bridge.metashare.MetashareClient;
import io.github.camelresourcesync.http.FetcherConfig;
import org.apache.camel.Category;
import org.apache.camel.Processor;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriPath;

/**
 * Harvest a META-SHARE node (harvesting protocol 1.0) as sync events: one exchange per record created, updated or
 * deleted (hard or soft), the body the record's `metadata.xml`, verified against the node's checksum, with the same
 * headers as the `resourcesync` consumer, so a route written for ResourceSync works unchanged.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "resourcesync-metashare", title = "ResourceSync META-SHARE Bridge",
             syntax = "resourcesync-metashare:nodeUrl", category = { Category.HTTP, Category.DOCUMENT },
             consumerOnly = true, headersClass = MetashareConstants.class)
// the protocol sends the credentials in its login form (never a bearer token), takes redirects as answers (the login's
// 302), and reads records as packages within maxDocumentSize, in memory: the other fetch options would be ignored
@Metadata(excludeProperties = MetashareEndpoint.IGNORED_FETCH_OPTIONS)
public class MetashareEndpoint extends SyncEventEndpoint {

    static final String IGNORED_FETCH_OPTIONS = "bearerToken,maxRedirects,maxContentSize,spoolThreshold,spoolDirectory";

    @UriPath(description = """
                 The node's base URL, e.g. `https://metashare.example.org` (`/login/` and `/sync/` are appended). \
                 `http:` or `https:`.""")
    @Metadata(required = true)
    private String nodeUrl;

    public MetashareEndpoint() {
    }

    public MetashareEndpoint(String uri, MetashareComponent component, String nodeUrl) {
        super(uri, component);
        this.nodeUrl = nodeUrl;
    }

    @Override
    protected SyncEventPollingConsumer newConsumer(Processor processor) {
        FetcherConfig http = fetcherConfig();
        if (http.username() == null || http.password() == null) {
            throw new IllegalArgumentException("resourcesync-metashare:" + getServiceUrl()
                                               + " needs the username and password of a sync user of the node");
        }
        refuseIgnoredComponentDefaults(http);
        return new MetashareConsumer(this, processor);
    }

    /**
     * The component configuration is shared by every scheme, so Camel lists {@link #IGNORED_FETCH_OPTIONS} among this
     * component's options too (its generator cannot exclude nested options there): one set there would be ignored in
     * silence, so it is refused with the reason.
     */
    private void refuseIgnoredComponentDefaults(FetcherConfig http) {
        FetcherConfig defaults = new FetcherConfig();
        String ignored = http.bearerToken() != null ? "bearerToken"
                : http.maxRedirects() != defaults.maxRedirects() ? "maxRedirects"
                : http.maxContentSize() != defaults.maxContentSize() ? "maxContentSize"
                : http.spoolThreshold() != defaults.spoolThreshold() ? "spoolThreshold"
                : http.spoolDirectory() != null ? "spoolDirectory" : null;
        if (ignored != null) {
            throw new IllegalArgumentException("camel.component.resourcesync-metashare." + ignored + " is set, but the"
                                               + " META-SHARE bridge ignores it: the node's login form carries the"
                                               + " credentials, redirects are answers, and records are read within"
                                               + " maxDocumentSize; remove it from the component configuration");
        }
    }

    @Override
    public String getServiceProtocol() {
        return "metashare";
    }

    @Override
    protected URI configuredUri() {
        return parseUri("resourcesync-metashare: nodeUrl", nodeUrl);
    }

    @Override
    protected void appendQuery(String rawQuery) {
        nodeUrl = withQuery(nodeUrl, rawQuery);
    }

    /** The node URL without user-info or trailing slash: what messages, headers and state keys use. */
    URI nodeUri() {
        return MetashareClient.baseOf(configuredUri());
    }

    public String getNodeUrl() {
        return nodeUrl;
    }

    /** The node's base URL, e.g. `https://metashare.example.org`. */
    public void setNodeUrl(String nodeUrl) {
        this.nodeUrl = nodeUrl;
    }

}
