package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import io.github.camelresourcesync.testsupport.TestDatabase;

/** The contract on a real PostgreSQL, through the store's own HikariCP pool, plus what only a server shows. */
class JdbcStateStorePostgresTest extends SyncStateStoreContractTest {

    private String url;
    private final String prefix = TestDatabase.uniquePrefix();

    @Override
    protected SyncStateStore createStore(Path dir) {
        url = TestDatabase.postgresUrl();
        JdbcStateStore s = new JdbcStateStore(url);
        s.setTablePrefix(prefix);
        return s;
    }

    @AfterEach
    void dropTables() throws Exception {
        if (url != null) {
            TestDatabase.dropTables(url, prefix);
        }
    }

    @Test
    void aFailedApplyWritesNothing() {
        SourceState before = new SourceState(true, 1, Instant.parse("2024-05-01T10:00:00Z"), Set.of("e1"), null);
        store.apply(SOURCE, upserts(before, resource("https://ex.org/kept", 1)));

        // PostgreSQL refuses NUL in text: the last resource of a 2,500-resource batch fails the whole apply
        List<ResourceState> batch = new ArrayList<>();
        for (int i = 0; i < 2_500; i++) {
            batch.add(resource("https://ex.org/new/" + i, 2));
        }
        batch.add(resource("https://ex.org/bad\u0000name", 2));
        SourceState after = before.withResume(Instant.parse("2024-05-02T10:00:00Z"), Set.of("e2"));
        StateStoreException e = assertThrows(StateStoreException.class, () -> store.apply(SOURCE,
                new StateChange(after, batch, List.of("https://ex.org/kept"))));
        assertTrue(e.getMessage().contains("nothing of it was written"), e.getMessage());
        assertTrue(e.getMessage().contains("jdbc:postgresql://"), e.getMessage());

        assertEquals(before, store.source(SOURCE));
        assertEquals(1, store.resourceCount(SOURCE));
        assertTrue(store.resource(SOURCE, "https://ex.org/kept").isPresent());
        assertEquals(Optional.empty(), store.resource(SOURCE, "https://ex.org/new/0"));
    }

    @Test
    void twoNodesShareOneState() {
        JdbcStateStore other = new JdbcStateStore(url);
        other.setTablePrefix(prefix);
        try {
            SourceState state = new SourceState(true, 3, Instant.parse("2024-05-01T10:00:00Z"), Set.of("a"), "c");
            store.apply(SOURCE, upserts(state, resource("https://ex.org/a", 3)));
            // the other node reads the committed state at once: nothing is cached
            assertEquals(state, other.source(SOURCE));
            assertEquals(3, other.resource(SOURCE, "https://ex.org/a").orElseThrow().generation());
            other.apply(SOURCE, upserts(state.withCursor("d"), resource("https://ex.org/b", 3)));
            assertEquals("d", store.source(SOURCE).cursor());
            assertEquals(2, store.resourceCount(SOURCE));
        } finally {
            other.close();
        }
    }

    @Test
    void createsReadableTablesOnceAndKeepsThemAcrossRestarts() throws Exception {
        store.apply(SOURCE, upserts(SourceState.INITIAL.withCursor("x"), resource("https://ex.org/a", 1)));
        store.close();
        store = createStore(dir);
        store.start();
        store.start(); // idempotent: every consumer using the store starts it
        assertEquals("x", store.source(SOURCE).cursor());
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT s.source_key, r.location FROM " + prefix + "source s JOIN " + prefix
                     + "resource r ON r.source_hash = s.source_hash")) {
            assertTrue(rs.next());
            assertEquals(SOURCE, rs.getString(1));
            assertEquals("https://ex.org/a", rs.getString(2));
            assertFalse(rs.next());
        }
    }

    @Test
    void userSuppliedDataSourceIsNotClosed() throws Exception {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(url);
        JdbcStateStore s = new JdbcStateStore(ds);
        s.setTablePrefix(prefix);
        s.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("ds")));
        s.close();
        try (Connection c = ds.getConnection()) {
            assertTrue(c.isValid(1));
        }
        assertEquals("ds", store.source(SOURCE).cursor());
    }

    @Test
    void unreachableDatabaseIsAClearError() {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL("jdbc:postgresql://127.0.0.1:1/test?user=postgres&password=secret");
        JdbcStateStore s = new JdbcStateStore(ds);
        StateStoreException e = assertThrows(StateStoreException.class, s::start);
        assertTrue(e.getMessage().contains("Cannot open the JDBC state store"), e.getMessage());
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
    }

    /**
     * A pool of the application's that hands out connections outside auto-commit: PostgreSQL's DDL is transactional,
     * so the tables created on start must be committed, or they vanish when the connection goes back to the pool.
     */
    @Test
    void dataSourceWithoutAutoCommitKeepsTablesAndApplies() throws Exception {
        store.close();
        String fresh = TestDatabase.uniquePrefix();
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setAutoCommit(false);
        config.setMaximumPoolSize(2);
        try (HikariDataSource ds = new HikariDataSource(config)) {
            JdbcStateStore s = new JdbcStateStore(ds);
            s.setTablePrefix(fresh);
            s.start();
            s.apply(SOURCE, upserts(SourceState.INITIAL.withCursor("manual"), resource("https://ex.org/a", 5)));
            s.close();

            JdbcStateStore again = new JdbcStateStore(ds);
            again.setTablePrefix(fresh);
            assertEquals("manual", again.source(SOURCE).cursor());
            assertEquals(5, again.resource(SOURCE, "https://ex.org/a").orElseThrow().generation());
            again.close();
        } finally {
            TestDatabase.dropTables(url, fresh);
        }
    }
}
