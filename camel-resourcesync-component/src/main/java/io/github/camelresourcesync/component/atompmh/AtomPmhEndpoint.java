package io.github.camelresourcesync.component.atompmh;

import java.net.URI;

import io.github.camelresourcesync.component.support.HttpSyncEventEndpoint;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.bridge.atompmh.AtomPmhOptions;
import org.apache.camel.Category;
import org.apache.camel.Processor;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;

/**
 * Harvest an Atom-PMH feed (an RFC 5005 archived or complete Atom feed of metadata records): one exchange per created,
 * updated or deleted record, with the same headers as the ResourceSync consumer, progress kept across restarts.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "resourcesync-atompmh", title = "ResourceSync Atom-PMH",
             syntax = "resourcesync-atompmh:feedUrl", category = { Category.FILE, Category.HTTP },
             consumerOnly = true, headersClass = AtomPmhConstants.class)
public class AtomPmhEndpoint extends HttpSyncEventEndpoint {

    @UriPath(description = "The feed's subscription document: `http:`, `https:`, `file:` or `classpath:`.")
    @Metadata(required = true)
    private String feedUrl;

    @UriParam
    private AtomPmhConfiguration configuration = new AtomPmhConfiguration();

    public AtomPmhEndpoint() {
    }

    public AtomPmhEndpoint(String uri, AtomPmhComponent component, String feedUrl) {
        super(uri, component);
        this.feedUrl = feedUrl;
    }

    @Override
    protected SyncEventPollingConsumer newConsumer(Processor processor) {
        return new AtomPmhConsumer(this, processor);
    }

    @Override
    public String getServiceProtocol() {
        return "atom-pmh";
    }

    @Override
    protected URI configuredUri() {
        return parseUri("resourcesync-atompmh: feedUrl", feedUrl);
    }

    @Override
    protected void appendQuery(String rawQuery) {
        feedUrl = withQuery(feedUrl, rawQuery);
    }

    /** The feed URL without user-info: credentials never travel into headers, state keys or logs. */
    URI feedUri() {
        return safeUri();
    }

    AtomPmhOptions harvestOptions() {
        return configuration.applyTo(new AtomPmhOptions()).stateId(getStateId())
                .fileLayout(getDeliveryConfiguration().fileLayout());
    }

    public String getFeedUrl() {
        return feedUrl;
    }

    /** The feed's subscription document: `http:`, `https:`, `file:` or `classpath:`. */
    public void setFeedUrl(String feedUrl) {
        this.feedUrl = feedUrl;
    }

    public AtomPmhConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(AtomPmhConfiguration configuration) {
        this.configuration = configuration;
    }
}
