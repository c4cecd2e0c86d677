package io.github.camelresourcesync.harvest.audit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The counts and the verdict of an audit: in sync only when complete (everything read and every event reported) and
 * nothing missing, changed or extra; unverified resources do not make a destination out of sync.
 */
class AuditReportTest {

    private static AuditReport report() {
        return new AuditReport("http://127.0.0.1/", "directory /m");
    }

    @Test
    void countsEachKindSeparately() {
        AuditReport r = report();
        r.count(AuditComparator.Kind.SAME);
        r.count(AuditComparator.Kind.SAME);
        r.count(AuditComparator.Kind.CHANGED);
        r.count(AuditComparator.Kind.UNVERIFIED);
        r.countMissing();
        r.countExtra();
        r.countExtra();
        assertEquals(5, r.listed(), "missing ones are listed, extra ones are not");
        assertEquals(2, r.matching());
        assertEquals(1, r.changed());
        assertEquals(1, r.unverified());
        assertEquals(1, r.missing());
        assertEquals(2, r.extra());
        assertEquals("http://127.0.0.1/", r.source());
        assertEquals("directory /m", r.destination());
    }

    @Test
    void completeAndEmptyIsInSyncEvenWithUnverifiedResources() {
        AuditReport r = report();
        r.count(AuditComparator.Kind.SAME);
        r.count(AuditComparator.Kind.UNVERIFIED);
        assertNull(r.finished());
        r.walked();
        r.finish(true);
        assertTrue(r.complete());
        assertTrue(r.inSync());
        assertNotNull(r.finished());
        assertNotNull(r.started());
        assertTrue(r.toString().startsWith("Audit of directory /m against http://127.0.0.1/: IN SYNC; 2 listed, "
                                           + "1 matching, 0 missing, 0 changed, 0 extra, 1 unverified ("),
                r.toString());
    }

    @Test
    void notWalkedOrNotAllReportedIsIncomplete() {
        AuditReport notWalked = report();
        notWalked.finish(true);
        assertFalse(notWalked.complete());
        assertFalse(notWalked.inSync());
        assertTrue(notWalked.toString().contains(": INCOMPLETE (the audit stopped before the end; nothing is proven)"),
                notWalked.toString());

        AuditReport unreported = report();
        unreported.walked();
        unreported.finish(false);
        assertFalse(unreported.complete());
        assertFalse(unreported.inSync());
    }

    @Test
    void anyDiscrepancyIsOutOfSync() {
        AuditReport missing = report();
        missing.countMissing();
        AuditReport changed = report();
        changed.count(AuditComparator.Kind.CHANGED);
        AuditReport extra = report();
        extra.countExtra();
        for (AuditReport r : new AuditReport[] {missing, changed, extra}) {
            r.walked();
            r.finish(true);
            assertTrue(r.complete());
            assertFalse(r.inSync(), r::toString);
            assertTrue(r.toString().contains(": OUT OF SYNC; "), r.toString());
        }
        assertTrue(missing.toString().contains("1 listed, 0 matching, 1 missing, 0 changed, 0 extra, 0 unverified"),
                missing.toString());
        assertTrue(extra.toString().contains("0 listed, 0 matching, 0 missing, 0 changed, 1 extra"),
                extra.toString());
    }

    @Test
    void unfinishedReportSaysZeroMilliseconds() {
        AuditReport r = report();
        assertTrue(r.toString().endsWith("0 unverified (0 ms)"), r.toString());
        assertFalse(r.complete());
    }

    @Test
    void eachResultRepairsWithItsChange() {
        assertEquals("missing", AuditResult.MISSING.value());
        assertEquals("changed", AuditResult.CHANGED.value());
        assertEquals("extra", AuditResult.EXTRA.value());
        assertEquals(io.github.camelresourcesync.model.ChangeType.CREATED, AuditResult.MISSING.repair());
        assertEquals(io.github.camelresourcesync.model.ChangeType.UPDATED, AuditResult.CHANGED.repair());
        assertEquals(io.github.camelresourcesync.model.ChangeType.DELETED, AuditResult.EXTRA.repair());
    }
}
