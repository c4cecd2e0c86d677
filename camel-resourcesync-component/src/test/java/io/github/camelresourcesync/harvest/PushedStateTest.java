package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.time.Instant;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.StateBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which listed changes a change delivered by push already accounts for. */
class PushedStateTest {

    private static final String SOURCE = "https://example.org/capabilitylist.xml";
    private static final URI A = URI.create("https://example.org/a.txt");
    private static final Instant T = Instant.parse("2024-01-01T00:00:10Z");
    private static final Hashes V1 = Hashes.parse("md5:1e0d5cb8ef6ba40c99b14c0237be735e");
    private static final Hashes V2 = Hashes.parse("md5:2e0d5cb8ef6ba40c99b14c0237be735e");

    private final StateBuffer buffer = new StateBuffer(new InMemoryStateStore());

    private static Entry listed(Instant t, String change, Hashes hash) {
        return new Entry(A, null, new Metadata(null, null, null, null, null, t, null, change, hash, null, null, null,
                null), null, false);
    }

    private void pushed(Instant t, Hashes hash) {
        pushed(ChangeType.UPDATED, t, hash);
    }

    private void pushed(ChangeType change, Instant t, Hashes hash) {
        PushedState.record(buffer, SOURCE, new SyncEvent(SOURCE, A, change, t, t, hash, null, null,
                "changelist-notification", null, null, "id", "a.txt", null, null));
    }

    @Test
    void theSameChangeAndEarlierOnesAreCovered() {
        pushed(T, V2);
        assertTrue(PushedState.covers(buffer, SOURCE, listed(T, "updated", V2)));
        assertTrue(PushedState.covers(buffer, SOURCE, listed(T, "updated", Hashes.EMPTY)), "nothing tells them apart");
        assertTrue(PushedState.covers(buffer, SOURCE, listed(T.minusSeconds(1), "updated", V1)));
    }

    @Test
    void anotherVersionInTheSameSecondAndLaterChangesAreNot() {
        pushed(T, V1);
        assertFalse(PushedState.covers(buffer, SOURCE, listed(T, "updated", V2)));
        assertFalse(PushedState.covers(buffer, SOURCE, listed(T.plusSeconds(1), "updated", V1)));
        Entry otherResource = new Entry(URI.create("https://example.org/b.txt"), null, listed(T, "updated", V1).md(),
                null, false);
        assertFalse(PushedState.covers(buffer, SOURCE, otherResource));
    }

    @Test
    void aDeletionInTheSecondOfAPushedUpdateIsNotCoveredButThePushedDeletionItselfIs() {
        pushed(T, V1);
        assertFalse(PushedState.covers(buffer, SOURCE, listed(T, "deleted", Hashes.EMPTY)));
        pushed(ChangeType.DELETED, T, Hashes.EMPTY);
        assertTrue(PushedState.covers(buffer, SOURCE, listed(T, "deleted", Hashes.EMPTY)));
        assertFalse(PushedState.covers(buffer, SOURCE, listed(T, "created", V2)), "re-created in that second");
    }
}
