package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The contract on a database the store has no dialect for (a real H2 that names itself otherwise): upserts become a
 * delete and an insert in one transaction, and columns are bounded ({@code VARCHAR(4000)}), which lets a too long
 * location fail an apply half-way through on a real engine.
 */
class JdbcStateStoreGenericDialectTest extends SyncStateStoreContractTest {

    /** One connection held open for the whole test, so the file database is not reopened for every statement. */
    private Connection keeper;
    private String url;

    @Override
    protected SyncStateStore createStore(Path dir) throws Exception {
        url = "jdbc:h2:file:" + dir.resolve("generic");
        if (keeper == null) {
            keeper = DriverManager.getConnection(url);
        }
        return new JdbcStateStore(H2DataSources.unknownProduct(url));
    }

    @AfterEach
    void closeKeeper() throws Exception {
        if (keeper != null) {
            keeper.close();
        }
    }

    private static StateChange failingChange(SourceState after) {
        // 1,500 inserts pass the first JDBC batch; the last location does not fit the generic VARCHAR(4000)
        List<ResourceState> batch = new ArrayList<>();
        batch.add(resource("https://ex.org/kept", 2));
        for (int i = 0; i < 1_500; i++) {
            batch.add(resource("https://ex.org/new/" + i, 2));
        }
        batch.add(resource("https://ex.org/" + "x".repeat(5_000), 2));
        return new StateChange(after, batch, List.of("https://ex.org/removed"));
    }

    private static final SourceState BEFORE = new SourceState(true, 1, Instant.parse("2024-05-01T10:00:00Z"),
            Set.of("e1"), "before");
    private static final SourceState AFTER = BEFORE.withResume(Instant.parse("2024-05-02T10:00:00Z"), Set.of("e2"))
            .withCursor("after");

    private void assertBeforeState(SyncStateStore s) {
        assertEquals(BEFORE, s.source(SOURCE));
        assertEquals(2, s.resourceCount(SOURCE));
        assertEquals(1, s.resource(SOURCE, "https://ex.org/kept").orElseThrow().generation());
        assertTrue(s.resource(SOURCE, "https://ex.org/removed").isPresent());
        assertEquals(Optional.empty(), s.resource(SOURCE, "https://ex.org/new/0"));
    }

    /**
     * Paging is the same SQL on every database (the H2 and PostgreSQL tests page through 100,000 resources); written row
     * by row with delete-and-insert, fewer keep this test quick.
     */
    @Override
    protected int manyResources() {
        return 5_000;
    }

    @Test
    void sourceStateIsReplacedNotDuplicated() {
        store.apply(SOURCE, StateChange.of(BEFORE));
        store.apply(SOURCE, StateChange.of(AFTER));
        store.apply(SOURCE, upserts(null, resource("https://ex.org/a", 1)));
        assertEquals(AFTER, store.source(SOURCE));
    }

    /** The deletes run before the failing insert: the rollback must bring back what they removed. */
    @Test
    void aFailedApplyWritesNothing() {
        store.apply(SOURCE, upserts(BEFORE, resource("https://ex.org/kept", 1), resource("https://ex.org/removed", 1)));
        StateStoreException e = assertThrows(StateStoreException.class,
                () -> store.apply(SOURCE, failingChange(AFTER)));
        assertTrue(e.getMessage().contains("nothing of it was written"), e.getMessage());
        assertBeforeState(store);
    }

    /**
     * With a data source that hands out one connection and never really closes it, the store must leave that
     * connection in auto-commit, and a failed apply must leave nothing in its transaction for a later commit.
     */
    @Test
    void aSingleConnectionIsLeftInAutoCommitAndCleanAfterAFailure() throws Exception {
        store.close();
        try (Connection shared = DriverManager.getConnection(url)) {
            store = new JdbcStateStore(H2DataSources.singleConnection(shared));
            store.apply(SOURCE, upserts(BEFORE, resource("https://ex.org/kept", 1),
                    resource("https://ex.org/removed", 1)));
            assertTrue(shared.getAutoCommit(), "the store left its connection in a transaction");

            assertThrows(StateStoreException.class, () -> store.apply(SOURCE, failingChange(AFTER)));
            assertTrue(shared.getAutoCommit(), "a failed apply left its connection in a transaction");
            assertBeforeState(store);

            store.apply(SOURCE, upserts(null, resource("https://ex.org/later", 3)));
            store.close();
        }
        store = createStore(dir);
        assertEquals(BEFORE, store.source(SOURCE));
        assertEquals(3, store.resourceCount(SOURCE));
        assertEquals(Optional.empty(), store.resource(SOURCE, "https://ex.org/new/1499"));
        assertEquals(1, store.resource(SOURCE, "https://ex.org/kept").orElseThrow().generation());
    }
}
