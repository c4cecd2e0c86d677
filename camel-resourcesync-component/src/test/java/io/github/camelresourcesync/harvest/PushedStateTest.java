package io.github.camelresourcesync.harvest;

import java.net.URI;
import java.time.Instant;
import java.util.Set;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.state.StateBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which listed changes a change delivered by push already accounts for, which notified changes polling delivered
 * already (the resume point passed them), and where push keeps its records.
 */
class PushedStateTest {

    private static final String SOURCE = "https://example.org/capabilitylist.xml";
    private static final URI A = URI.create("https://example.org/a.txt");
    private static final Instant T = Instant.parse("2024-01-01T00:00:10Z");
    private static final Hashes V1 = Hashes.parse("md5:1e0d5cb8ef6ba40c99b14c0237be735e");
    private static final Hashes V2 = Hashes.parse("md5:2e0d5cb8ef6ba40c99b14c0237be735e");

    private final InMemoryStateStore store = new InMemoryStateStore();
    private final StateBuffer buffer = new StateBuffer(store);

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

    @Test
    void aChangeWithoutATimeIsNeverCovered() {
        pushed(T, V1);
        assertFalse(PushedState.covers(buffer, SOURCE, listed(null, "updated", V1)), "nothing says it is not newer");
    }

    @Test
    void aPushedTimeInTheFutureIsRecordedAsNowSoTheResourcesNextChangeStillComesOut() {
        pushed(Instant.parse("2100-01-01T00:00:00Z"), V1);
        Instant next = Instant.now().plusSeconds(60);
        assertFalse(PushedState.covers(buffer, SOURCE, listed(next, "updated", V2)));
    }

    /** The records are persisted: under another key, existing stores would lose theirs. */
    @Test
    void pushedRecordsAreKeptUnderTheCompanionKeyApartFromTheResources() {
        pushed(T, V1);
        buffer.flush();
        assertEquals(1, store.resourceCount(SOURCE + "#pushed"));
        assertEquals(0, store.resourceCount(SOURCE), "a pushed record is not a resource the destination has");
        assertEquals(0, store.resourceCount(PushedState.key("https://example.org/other/capabilitylist.xml")),
                "each Capability List has its own records");
    }

    @Test
    void theResumePointPassedEarlierChangesAndThoseAtItsTimeItRemembers() {
        Entry atResume = listed(T, "updated", V1);
        SourceState state = SourceState.INITIAL.withResume(T, Set.of(ResumeKeys.of(atResume)));
        assertTrue(PushedState.passed(state, listed(T.minusSeconds(1), "updated", V2)));
        assertTrue(PushedState.passed(state, atResume));
        assertFalse(PushedState.passed(state, listed(T, "updated", V2)), "another version in that second");
        assertFalse(PushedState.passed(state, listed(T.plusSeconds(1), "updated", V1)));
        assertFalse(PushedState.passed(state, listed(null, "updated", V1)), "no time: cannot have been passed");
        assertFalse(PushedState.passed(SourceState.INITIAL, listed(T.minusSeconds(1), "updated", V1)),
                "no resume point yet: nothing was passed");
    }
}
