package io.github.camelresourcesync.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Capabilities and changes are read as written in documents: trimmed, in any case; anything else is not one. */
class WrittenValueTest {

    @Test
    void aCapabilityIsReadTrimmedInAnyCaseAndAnythingElseIsUnknown() {
        assertEquals(Capability.CHANGELIST, Capability.fromValue(" ChangeList "));
        assertEquals(Capability.RESOURCEDUMP_MANIFEST, Capability.fromValue("resourcedump-manifest"));
        assertEquals(Capability.UNKNOWN, Capability.fromValue("changelists"));
        assertEquals(Capability.UNKNOWN, Capability.fromValue(""));
        assertEquals(Capability.UNKNOWN, Capability.fromValue(null));
    }

    @Test
    void aChangeIsReadTrimmedInAnyCaseAndAnythingElseIsNone() {
        assertEquals(ChangeType.DELETED, ChangeType.fromValue(" Deleted\n"));
        assertEquals(ChangeType.CREATED, ChangeType.fromValue("created"));
        assertNull(ChangeType.fromValue("removed"));
        assertNull(ChangeType.fromValue(""));
        assertNull(ChangeType.fromValue(null));
    }
}
