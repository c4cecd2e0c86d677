package io.github.camelresourcesync.component.atompmh;

import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.component.support.TemplateConfiguration;
import io.github.camelresourcesync.bridge.atompmh.AtomPmhOptions;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * How a {@code resourcesync-atompmh:} endpoint reads its feed: which representation it takes, whether it fetches it,
 * what identifies a record, and how far it follows the feed. The defaults are those of {@link AtomPmhOptions};
 * {@link #applyTo} is the one place these options become harvest options.
 */
@UriParams
public class AtomPmhConfiguration extends TemplateConfiguration<AtomPmhConfiguration> {

    @UriParam(label = "consumer",
              description = """
                  Comma-separated media types of the representation to take, most preferred first, as the entries' \
                  links give them; a space is read as a plus sign (a plus in a URI query arrives as a space, and so \
                  does `%2B`). Parameters are compared only when given. Records with none of them are passed over \
                  (or deleted, when the destination had them), and a poll that passes over every entry logs a WARN \
                  naming the types asked for and offered. Empty: the first alternate link of each entry.""")
    private String mediaTypes;
    @UriParam(label = "consumer", defaultValue = "" + AtomPmhOptions.DEFAULT_FETCH_CONTENT,
              description = """
                  Fetch the chosen representation as the body. 403, 404 or 410 on it means the record is gone (a \
                  `deleted` event when the destination had it); 401, 5xx and connection errors fail the exchange, to \
                  be retried.""")
    private boolean fetchContent = AtomPmhOptions.DEFAULT_FETCH_CONTENT;
    @UriParam(label = "consumer", defaultValue = "" + AtomPmhOptions.DEFAULT_USE_ATOM_ID_AS_LOCATION,
              description = """
                  Use the record's `atom:id` (when it is an absolute URI) as the event location instead of the \
                  chosen link.""")
    private boolean useAtomIdAsLocation = AtomPmhOptions.DEFAULT_USE_ATOM_ID_AS_LOCATION;
    @UriParam(label = "consumer", defaultValue = "" + AtomPmhOptions.DEFAULT_FOLLOW_NEXT,
              description = """
                  Also follow paged-feed `next` links (feeds that page instead of archiving with `prev-archive`).""")
    private boolean followNext = AtomPmhOptions.DEFAULT_FOLLOW_NEXT;
    @UriParam(label = "consumer,advanced", defaultValue = "" + AtomPmhOptions.DEFAULT_MAX_DOCUMENTS,
              description = "Most feed documents one harvest reads, against endless or looping archive chains.")
    private int maxDocuments = AtomPmhOptions.DEFAULT_MAX_DOCUMENTS;

    /** These options applied to a harvest's options. */
    public AtomPmhOptions applyTo(AtomPmhOptions options) {
        return options.mediaTypes(mediaTypeList()).fetchContent(fetchContent).useAtomIdAsLocation(useAtomIdAsLocation)
                .followNext(followNext).maxDocuments(maxDocuments);
    }

    /**
     * The media types, a space read as {@code +}: a space is never valid in a media type, while a {@code +} in a URI
     * query (and {@code %2B}, which Camel decodes to {@code +} and then reads as a space, as in every option) arrives
     * as one. Percent-escapes were decoded here too while the Kamelet handed them on encoded; it no longer does
     * (docs/kamelets.md, "How values are written").
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
