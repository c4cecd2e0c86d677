package io.github.camelresourcesync.component.atompmh;

import java.util.List;

import io.github.camelresourcesync.bridge.atompmh.AtomPmhOptions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What an {@code atompmh:} URI's options become in the harvest: every option reaches it, as the user wrote it. */
class AtomPmhConfigurationTest {

    @Test
    void everyOptionReachesTheHarvestOptions() {
        AtomPmhConfiguration c = new AtomPmhConfiguration();
        // "mediaTypes=application/atom+xml, text/html" in a URI query: the plus arrives as a space
        c.setMediaTypes("application/atom xml, text/html,");
        c.setFetchContent(false);
        c.setUseAtomIdAsLocation(true);
        c.setFollowNext(true);
        c.setMaxDocuments(12);
        AtomPmhOptions o = c.applyTo(new AtomPmhOptions());
        assertEquals(List.of("application/atom+xml", "text/html"), o.mediaTypes());
        assertFalse(o.fetchContent());
        assertTrue(o.useAtomIdAsLocation());
        assertTrue(o.followNext());
        assertEquals(12, o.maxDocuments());
    }

    @Test
    void noMediaTypesMeansTheFirstAlternateLinkAndTheDefaultsAreTheHarvestDefaults() {
        AtomPmhConfiguration c = new AtomPmhConfiguration();
        c.setMediaTypes("  ");
        AtomPmhOptions o = c.applyTo(new AtomPmhOptions().mediaTypes(List.of("text/plain")));
        assertEquals(List.of(), o.mediaTypes());
        assertEquals(AtomPmhOptions.DEFAULT_FETCH_CONTENT, o.fetchContent());
        assertEquals(AtomPmhOptions.DEFAULT_MAX_DOCUMENTS, o.maxDocuments());
    }
}
