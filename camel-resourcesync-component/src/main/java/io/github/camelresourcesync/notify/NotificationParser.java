package io.github.camelresourcesync.notify;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.xml.DocumentException;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;

/**
 * Parses notification payloads with the project's {@link SitemapReader} (hardened, lenient, every revision): a
 * {@code urlset} with document capability {@code changelist-notification} or {@code framework-notification}.
 */
public final class NotificationParser {

    private final SitemapReader reader;

    public NotificationParser(SitemapReader reader) {
        this.reader = reader;
    }

    /**
     * @param body          the raw delivery body (gzip is tolerated)
     * @param topic         the topic the delivery named, or {@code null}; relative locations resolve against it
     * @param receivedNanos when the delivery arrived
     * @throws DocumentException when the body is not a notification (names the topic and what was found)
     */
    public Notification parse(byte[] body, URI topic, long receivedNanos) throws IOException {
        try (SitemapDocument doc = reader.open(SitemapReader.maybeGunzip(new ByteArrayInputStream(body)), topic)) {
            Capability kind = doc.header().capability();
            if (doc.header().isIndex()
                || kind != Capability.CHANGELIST_NOTIFICATION && kind != Capability.FRAMEWORK_NOTIFICATION) {
                throw new DocumentException(topic, "expected a urlset with rs:md capability=\"changelist-notification\""
                                                   + " or \"framework-notification\", found "
                                                   + doc.header().root() + " with capability=\""
                                                   + doc.header().md().capability() + "\"");
            }
            List<Entry> entries = new ArrayList<>();
            for (Entry e = doc.next(); e != null; e = doc.next()) {
                entries.add(e);
            }
            return new Notification(topic, kind, entries, receivedNanos);
        }
    }
}
