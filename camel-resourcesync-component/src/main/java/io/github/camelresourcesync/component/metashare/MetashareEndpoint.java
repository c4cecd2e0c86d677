package io.github.camelresourcesync.component.metashare;

import java.net.URI;

import io.github.camelresourcesync.component.support.ConnectionConfiguration;
import io.github.camelresourcesync.component.support.EventDeliveryConfiguration;
import io.github.camelresourcesync.component.support.FetchLimitsConfiguration;
import io.github.camelresourcesync.component.support.SyncEventEndpoint;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.bridge.metashare.MetashareClient;
import io.github.camelresourcesync.http.FetcherConfig;
import org.apache.camel.Category;
import org.apache.camel.Processor;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;

/**
 * Harvest a META-SHARE node (harvesting protocol 1.0) as sync events: one exchange per record created, updated or
 * deleted (hard or soft), the body the record's `metadata.xml`, verified against the node's checksum, with the same
 * headers as the `resourcesync` consumer, so a route written for ResourceSync works unchanged.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "resourcesync-metashare", title = "ResourceSync META-SHARE Bridge",
             syntax = "resourcesync-metashare:nodeUrl", category = { Category.HTTP, Category.DOCUMENT },
             consumerOnly = true, headersClass = MetashareConstants.class)
public class MetashareEndpoint extends SyncEventEndpoint {

    @UriPath(description = """
                 The node's base URL, e.g. `https://metashare.example.org` (`/login/` and `/sync/` are appended). \
                 `http:` or `https:`.""")
    @Metadata(required = true)
    private String nodeUrl;

    // the protocol sends every request to the node, logs in by form (no bearer token) and takes redirects as answers
    // (the login's 302); it tries each request once a poll, reads records in memory within maxDocumentSize and names
    // them by id: so only the options of these classes, not those of HttpConfiguration, FetchConfiguration and
    // DeliveryConfiguration, are options of this scheme
    @UriParam
    private ConnectionConfiguration httpConfiguration = new ConnectionConfiguration();
    @UriParam
    private FetchLimitsConfiguration fetchConfiguration = new FetchLimitsConfiguration();
    @UriParam
    private EventDeliveryConfiguration deliveryConfiguration = new EventDeliveryConfiguration();

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
        return new MetashareConsumer(this, processor);
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

    @Override
    public ConnectionConfiguration getHttpConfiguration() {
        return httpConfiguration;
    }

    public void setHttpConfiguration(ConnectionConfiguration httpConfiguration) {
        this.httpConfiguration = httpConfiguration;
    }

    @Override
    public FetchLimitsConfiguration getFetchConfiguration() {
        return fetchConfiguration;
    }

    public void setFetchConfiguration(FetchLimitsConfiguration fetchConfiguration) {
        this.fetchConfiguration = fetchConfiguration;
    }

    @Override
    public EventDeliveryConfiguration getDeliveryConfiguration() {
        return deliveryConfiguration;
    }

    public void setDeliveryConfiguration(EventDeliveryConfiguration deliveryConfiguration) {
        this.deliveryConfiguration = deliveryConfiguration;
    }
}
