package io.github.camelresourcesync.component.atompmh;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.component.support.SyncEventEndpoint;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.bridge.atompmh.AtomPmhOptions;
import org.apache.camel.Category;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
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
public class AtomPmhEndpoint extends SyncEventEndpoint {

    @UriPath(description = "The feed's subscription document: `http:`, `https:`, `file:` or `classpath:`.")
    @Metadata(required = true)
    private String feedUrl;

    @UriParam(label = "consumer",
              description = "Comma-separated media types of the representation to take, most preferred first, as"
                            + " the entries' links give them; a space is read as a plus sign (a plus in a URI query"
                            + " arrives as a space). Parameters are compared only when given. Records with none of"
                            + " them are passed over (or deleted, when the destination had them), and a poll that"
                            + " passes over every entry logs a WARN naming the types asked for and offered. Empty:"
                            + " the first alternate link of each entry.")
    private String mediaTypes;
    @UriParam(label = "consumer", defaultValue = "true",
              description = "Fetch the chosen representation as the body. 403, 404 or 410 on it means the record is"
                            + " gone (a `deleted` event when the destination had it); 401, 5xx and connection errors"
                            + " fail the exchange, to be retried.")
    private boolean fetchContent = true;
    @UriParam(label = "consumer", defaultValue = "false",
              description = "Use the record's `atom:id` (when it is an absolute URI) as the event location instead of"
                            + " the chosen link.")
    private boolean useAtomIdAsLocation;
    @UriParam(label = "consumer", defaultValue = "false",
              description = "Also follow paged-feed `next` links (feeds that page instead of archiving with"
                            + " `prev-archive`).")
    private boolean followNext;
    @UriParam(label = "consumer,advanced", defaultValue = "100000",
              description = "Most feed documents one harvest reads, against endless or looping archive chains.")
    private int maxDocuments = 100_000;

    public AtomPmhEndpoint() {
    }

    public AtomPmhEndpoint(String uri, AtomPmhComponent component, String feedUrl) {
        super(uri, component);
        this.feedUrl = feedUrl;
    }

    @Override
    public Producer createProducer() {
        throw new UnsupportedOperationException("The resourcesync-atompmh endpoint " + getServiceUrl()
                                                + " is consumer only");
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

    /** The feed URL without user-info: credentials never travel into headers, state keys or logs. */
    URI feedUri() {
        return safeUri();
    }

    AtomPmhOptions harvestOptions() {
        return new AtomPmhOptions().mediaTypes(mediaTypeList()).fetchContent(fetchContent)
                .useAtomIdAsLocation(useAtomIdAsLocation).followNext(followNext).maxDocuments(maxDocuments)
                .stateId(getStateId());
    }

    /**
     * The media types, a space read as {@code +}: a space is never valid in a media type, and a {@code +} in a URI
     * query (or a Kamelet property that becomes one) arrives as a space ({@code application/atom+xml}).
     */
    List<String> mediaTypeList() {
        if (mediaTypes == null || mediaTypes.isBlank()) {
            return null;
        }
        List<String> list = new ArrayList<>();
        for (String t : mediaTypes.split(",")) {
            String type = t.strip().replace(' ', '+');
            if (!type.isEmpty()) {
                list.add(type);
            }
        }
        return list;
    }

    public String getFeedUrl() {
        return feedUrl;
    }

    /** The feed's subscription document: `http:`, `https:`, `file:` or `classpath:`. */
    public void setFeedUrl(String feedUrl) {
        this.feedUrl = feedUrl;
    }

    public String getMediaTypes() {
        return mediaTypes;
    }

    public void setMediaTypes(String mediaTypes) {
        this.mediaTypes = mediaTypes;
    }

    public boolean isFetchContent() {
        return fetchContent;
    }

    public void setFetchContent(boolean fetchContent) {
        this.fetchContent = fetchContent;
    }

    public boolean isUseAtomIdAsLocation() {
        return useAtomIdAsLocation;
    }

    public void setUseAtomIdAsLocation(boolean useAtomIdAsLocation) {
        this.useAtomIdAsLocation = useAtomIdAsLocation;
    }

    public boolean isFollowNext() {
        return followNext;
    }

    public void setFollowNext(boolean followNext) {
        this.followNext = followNext;
    }

    public int getMaxDocuments() {
        return maxDocuments;
    }

    public void setMaxDocuments(int maxDocuments) {
        this.maxDocuments = maxDocuments;
    }

}
