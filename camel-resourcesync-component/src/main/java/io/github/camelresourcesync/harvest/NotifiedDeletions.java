package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.UrlRedaction;
import io.github.camelresourcesync.model.Entry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A notification is a hint, not an authority: a deletion it announces is delivered only when the Source confirms it,
 * answering {@code 404} or {@code 410} for the resource (same fetch policy as every request). Otherwise the deletion
 * is left to the Change Lists, which polling reads anyway: a mirror never loses a file the Source still serves because
 * a notification said so.
 */
final class NotifiedDeletions {

    private static final Logger LOG = LoggerFactory.getLogger(NotifiedDeletions.class);

    private final HttpFetcher fetcher;
    private final LongAdder unconfirmed = new LongAdder();

    NotifiedDeletions(HttpFetcher fetcher) {
        this.fetcher = fetcher;
    }

    /** {@code true} when the Source no longer serves the resource; else logs why not and counts it. */
    boolean confirmed(String sourceKey, Entry deletion, URI topic) {
        String why;
        try {
            // the status is all that counts: no body is read
            int status = fetcher.send("GET", deletion.loc(), null, Map.of(), null, 0).status();
            if (status == 404 || status == 410) {
                return true;
            }
            why = "the Source answers HTTP " + status + " for it";
        } catch (IOException e) {
            why = "the Source could not be asked (" + e.getMessage() + ")";
        }
        unconfirmed.increment();
        LOG.warn("{}: notification on {} announced {} as deleted at {}, but {}; not delivered, the Change Lists will"
                 + " tell", sourceKey, UrlRedaction.redact(topic), UrlRedaction.redact(deletion.loc()),
                deletion.changeTime(), why);
        return false;
    }

    /** Deletions announced by notifications and not delivered because the Source did not confirm them. */
    long unconfirmed() {
        return unconfirmed.sum();
    }
}
