package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.SyncEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Checks fetched bytes against the length and every hash the Source published. */
final class Fixity {

    private static final Logger LOG = LoggerFactory.getLogger(Fixity.class);

    /** Computed when the Source publishes no hash, so the destination's state still records one. */
    static final String DEFAULT_ALGORITHM = "md5";

    private Fixity() {
    }

    /** The algorithms to compute while fetching: every published one, or {@link #DEFAULT_ALGORITHM}. */
    static Set<String> algorithms(SyncEvent event) {
        return algorithms(event.hash());
    }

    static Set<String> algorithms(Hashes hash) {
        Set<String> algorithms = new LinkedHashSet<>(hash.digests().keySet());
        if (algorithms.isEmpty()) {
            algorithms.add(DEFAULT_ALGORITHM);
        }
        return algorithms;
    }

    static void verify(SyncEvent event, Content content) throws FixityException {
        verify(event.location(), event.sourceDocument(), event.length(), event.hash(), content);
    }

    /** The same check for bytes that are not an event's body (a dump package against its dump entry). */
    static void verify(URI location, URI document, Long length, Hashes hash, Content content)
            throws FixityException {
        if (length != null && length != content.length()) {
            throw new FixityException(location, document, "Length", length + " bytes", content.length() + " bytes");
        }
        for (Map.Entry<String, String> published : hash.digests().entrySet()) {
            String actual = content.digests().get(published.getKey());
            if (actual == null) {
                LOG.warn("Cannot verify {} hash of {}: algorithm not available in this JVM", published.getKey(),
                        location);
                continue;
            }
            if (!actual.equals(published.getValue())) {
                throw new FixityException(location, document, published.getKey() + " hash",
                        published.getValue(), actual);
            }
        }
    }
}
