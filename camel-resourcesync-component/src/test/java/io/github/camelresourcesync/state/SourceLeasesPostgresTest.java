package io.github.camelresourcesync.state;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.testsupport.TestDatabase;

/**
 * Two nodes (two stores on one PostgreSQL, as two JVMs would have) and the lease of one Source: one holder at a time,
 * a second poll finds it held, and a node whose lease expired or was taken over has its commits refused with nothing
 * written.
 */
class SourceLeasesPostgresTest {

    private static final String SOURCE = "http://example.org/capabilitylist.xml";

    private final String url = TestDatabase.postgresUrl();
    private final String prefix = TestDatabase.uniquePrefix();
    private final JdbcStateStore nodeA = node("a", 1500);
    private final JdbcStateStore nodeB = node("b", 1500);

    private JdbcStateStore node(String id, long lease) {
        JdbcStateStore store = TestDatabase.nodeStore(url, prefix, id);
        store.setLeaseDuration(lease);
        store.start();
        return store;
    }

    @AfterEach
    void drop() throws Exception {
        nodeA.close();
        nodeB.close();
        TestDatabase.dropTables(url, prefix);
    }

    @Test
    void aHeldLeaseIsNotTakenAndItsHolderCommits() {
        SourceLeases.Lease a = nodeA.leases().acquire(SOURCE).orElseThrow();
        assertTrue(nodeB.leases().acquire(SOURCE).isEmpty(), "held by a: b's poll is skipped");
        LeasedStateStore viewA = new LeasedStateStore(nodeA);
        viewA.lease(a);
        viewA.apply(SOURCE, change("r1"));
        assertEquals(1, nodeB.resourceCount(SOURCE));

        nodeA.leases().release(a);
        SourceLeases.Lease b = nodeB.leases().acquire(SOURCE).orElseThrow();
        assertEquals(a.token() + 1, b.token());
        assertTrue(b.handedOver(), "taken from a");
    }

    @Test
    void twoStoresOfOneProcessWithTheDefaultNodeIdAreTwoNodes() throws Exception {
        // two CamelContexts in one JVM, each with its store and no nodeId set
        try (JdbcStateStore first = node(null, 1500); JdbcStateStore second = node(null, 1500)) {
            SourceLeases.Lease held = first.leases().acquire(SOURCE).orElseThrow();
            assertTrue(second.leases().acquire(SOURCE).isEmpty(), "held by the first store: the second's poll skips");
            first.leases().release(held);
        }
    }

    @Test
    void aCommitAfterAnotherNodeTookTheLeaseOverIsRefusedAndWritesNothing() {
        SourceLeases.Lease a = nodeA.leases().acquire(SOURCE).orElseThrow();
        LeasedStateStore viewA = new LeasedStateStore(nodeA);
        viewA.lease(a);
        viewA.apply(SOURCE, change("r1"));
        // a pauses (not renewing) past its lease; b takes it over
        SourceLeases.Lease b = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> nodeB.leases().acquire(SOURCE).orElse(null), l -> l != null);
        LeaseLostException refused = assertThrows(LeaseLostException.class, () -> viewA.apply(SOURCE, change("r2")));
        assertTrue(refused.getMessage().contains("node b took it over (token " + b.token() + ")"), refused.getMessage());
        assertTrue(refused.getMessage().contains("Nothing of it was written"), refused.getMessage());
        assertFalse(nodeA.resource(SOURCE, "http://example.org/r2").isPresent(), "the refused change wrote nothing");
        assertThrows(LeaseLostException.class, () -> viewA.clear(SOURCE));
        assertEquals(1, nodeA.resourceCount(SOURCE), "the refused clear removed nothing");
        assertFalse(nodeA.leases().renew(a), "a's renewal finds it lost");
    }

    @Test
    void aCommitAfterTheLeaseExpiredIsRefusedEvenWhenNobodyTookItOver() throws Exception {
        SourceLeases.Lease a = nodeA.leases().acquire(SOURCE).orElseThrow();
        LeasedStateStore viewA = new LeasedStateStore(nodeA);
        viewA.lease(a);
        viewA.apply(SOURCE, change("r1")); // within the lease
        LeaseLostException refused = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> nodeB.leases().holder(SOURCE).orElseThrow().expiresAt() < System.currentTimeMillis() - 500
                        ? assertThrows(LeaseLostException.class, () -> viewA.apply(SOURCE, change("r2"))) : null,
                        e -> e != null);
        assertTrue(refused.getMessage().contains("it expired"), refused.getMessage());
        assertEquals(1, nodeA.resourceCount(SOURCE), "the refused change wrote nothing");
    }

    @Test
    void aHeldLeaseIsRenewedWhileThePollOutlastsItsDuration() throws Exception {
        SourceLeases.Lease a = nodeA.leases().acquire(SOURCE).orElseThrow();
        try (SourceLeases.Held held = nodeA.leases().hold(a)) {
            long until = System.nanoTime() + Duration.ofMillis(4000).toNanos(); // more than twice the lease
            while (System.nanoTime() < until) {
                assertTrue(nodeB.leases().acquire(SOURCE).isEmpty(), "renewed: never free for b");
                Thread.sleep(200);
            }
            LeasedStateStore viewA = new LeasedStateStore(nodeA);
            viewA.lease(a);
            viewA.apply(SOURCE, change("r1"));
            assertFalse(held.lost());
        }
        assertTrue(nodeB.leases().acquire(SOURCE).isPresent(), "released when the poll ended");
    }

    @Test
    void withoutAPollHoldingTheLeaseNothingIsWritten() {
        LeasedStateStore view = new LeasedStateStore(nodeA);
        assertThrows(LeaseLostException.class, () -> view.apply(SOURCE, change("r1")));
    }

    private static StateChange change(String name) {
        return new StateChange(null, List.of(new ResourceState("http://example.org/" + name, null, Hashes.EMPTY, 1L, 0)),
                List.of());
    }
}
