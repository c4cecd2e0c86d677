package io.github.camelresourcesync.harvest.audit;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.ResourceState;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.state.StateChange;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The state store as an audit destination: what was recorded per source (location, lastmod, fixity, length), keyed by
 * source and location, with no file time semantics; other sources' resources are not visited.
 */
class StateStoreAuditDestinationTest {

    private static final String A = "http://127.0.0.1/capabilitylist.xml";
    private static final String B = "http://127.0.0.1/other/capabilitylist.xml";
    private static final Instant T = Instant.parse("2024-03-01T00:00:00Z");

    private final InMemoryStateStore store = new InMemoryStateStore();

    private void record(String source, String... locations) {
        List<ResourceState> upserts = new ArrayList<>();
        for (String l : locations) {
            upserts.add(new ResourceState(l, T, Hashes.of(Map.of("md5", "0123456789abcdef0123456789abcdef")),
                    (long) l.length(), 1));
        }
        store.apply(source, new StateChange(store.source(source), upserts, List.of()));
    }

    @Test
    void findReturnsWhatWasRecordedForThatSourceOnly() {
        record(A, "http://127.0.0.1/res/a.txt");
        StateStoreAuditDestination d = new StateStoreAuditDestination(store);
        URI loc = URI.create("http://127.0.0.1/res/a.txt");
        assertEquals(new AuditDestination.Held(A + " " + loc, A, loc, null, T,
                Hashes.of(Map.of("md5", "0123456789abcdef0123456789abcdef")), 26L, false),
                d.find(A, loc, "res/a.txt", Set.of("sha-256")));
        assertNull(d.find(B, loc, "res/a.txt", Set.of()), "another source never delivered it");
        assertNull(d.find(A, URI.create("http://127.0.0.1/res/b.txt"), "res/b.txt", Set.of()));
        assertEquals("state store InMemoryStateStore", d.describe());
        assertEquals(A + " " + loc, d.key(A, loc, "ignored"));
    }

    @Test
    void visitsEveryResourceOfTheGivenSources() {
        record(A, "http://127.0.0.1/res/a.txt", "http://127.0.0.1/res/b.txt");
        record(B, "http://127.0.0.1/other/c.txt");
        record("http://127.0.0.1/third/capabilitylist.xml", "http://127.0.0.1/third/d.txt");
        StateStoreAuditDestination d = new StateStoreAuditDestination(store);
        List<String> keys = new ArrayList<>();
        d.forEachHeld(List.of(A, B), h -> keys.add(h.key() + " " + h.sourceKey() + " " + h.location()));
        keys.sort(null);
        assertEquals(List.of(A + " http://127.0.0.1/res/a.txt " + A + " http://127.0.0.1/res/a.txt",
                A + " http://127.0.0.1/res/b.txt " + A + " http://127.0.0.1/res/b.txt",
                B + " http://127.0.0.1/other/c.txt " + B + " http://127.0.0.1/other/c.txt"), keys);
    }
}
