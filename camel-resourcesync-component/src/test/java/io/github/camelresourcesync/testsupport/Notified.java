package io.github.camelresourcesync.testsupport;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.harvest.NotifiedChanges;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;

/** What the consumer's push side hands the harvester for a {@link TestSource}'s change notification. */
public final class Notified {

    private Notified() {
    }

    /** The last {@code n} changes of the source, read from its change notification as the push side reads it. */
    public static NotifiedChanges of(TestSource source, int n) throws IOException {
        List<Entry> entries = new ArrayList<>();
        try (SitemapDocument doc = new SitemapReader().open(new ByteArrayInputStream(source.changeNotification(n)),
                source.changeTopic())) {
            for (Entry e = doc.next(); e != null; e = doc.next()) {
                entries.add(e);
            }
        }
        return new NotifiedChanges(source.changeTopic(), entries);
    }
}
