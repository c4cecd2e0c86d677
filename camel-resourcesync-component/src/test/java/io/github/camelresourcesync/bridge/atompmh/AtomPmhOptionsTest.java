package io.github.camelresourcesync.bridge.atompmh;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Atom-PMH options as a user's URI gives them: lists with blanks, blank ids, and the harvester's copy. */
class AtomPmhOptionsTest {

    @Test
    void mediaTypesAreTrimmedAndBlankOnesLeftOut() {
        // "mediaTypes=application/pdf, ,text/xml," in a URI
        AtomPmhOptions o = new AtomPmhOptions().mediaTypes(Arrays.asList(" application/pdf ", " ", "text/xml", ""));
        assertEquals(List.of("application/pdf", "text/xml"), o.mediaTypes());
        assertEquals(List.of(), new AtomPmhOptions().mediaTypes(null).mediaTypes(), "none: the first alternate link");
        assertEquals(List.of(), new AtomPmhOptions().mediaTypes(List.of("", "  ")).mediaTypes());
    }

    @Test
    void aBlankStateIdIsNoStateId() {
        assertNull(new AtomPmhOptions().stateId("").stateId());
        assertNull(new AtomPmhOptions().stateId("   ").stateId());
        assertNull(new AtomPmhOptions().stateId(null).stateId());
        assertEquals("feed-1", new AtomPmhOptions().stateId("feed-1").stateId());
    }

    @Test
    void theHarvestersCopyCarriesEveryOptionAndIsIndependent() {
        AtomPmhOptions o = new AtomPmhOptions().mediaTypes(List.of("application/pdf")).fetchContent(false)
                .useAtomIdAsLocation(true).followNext(true).maxDocuments(7).stateId("feed-1");
        AtomPmhOptions c = o.copy();
        assertEquals(List.of("application/pdf"), c.mediaTypes());
        assertFalse(c.fetchContent());
        assertTrue(c.useAtomIdAsLocation());
        assertTrue(c.followNext());
        assertEquals(7, c.maxDocuments());
        assertEquals("feed-1", c.stateId());
        o.maxDocuments(9).followNext(false);
        assertEquals(7, c.maxDocuments(), "later changes to the options do not reach a harvester's copy");
        assertTrue(c.followNext());
    }

    @Test
    void defaultsAreTheDocumentedConstants() {
        AtomPmhOptions o = new AtomPmhOptions();
        assertEquals(AtomPmhOptions.DEFAULT_FETCH_CONTENT, o.fetchContent());
        assertEquals(AtomPmhOptions.DEFAULT_USE_ATOM_ID_AS_LOCATION, o.useAtomIdAsLocation());
        assertEquals(AtomPmhOptions.DEFAULT_FOLLOW_NEXT, o.followNext());
        assertEquals(AtomPmhOptions.DEFAULT_MAX_DOCUMENTS, o.maxDocuments());
        assertEquals(List.of(), o.mediaTypes());
        assertNull(o.stateId());
    }
}
