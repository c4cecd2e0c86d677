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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The contract on the embedded H2 database, through the store's own pool; always runs. */
class JdbcStateStoreH2Test extends SyncStateStoreContractTest {

    @Override
    protected SyncStateStore createStore(Path dir) {
        return new JdbcStateStore("jdbc:h2:file:" + dir.resolve("state"));
    }

    @Test
    void persistsAcrossCloseAndReopenThroughItsOwnPool() {
        store.close();
        String url = "jdbc:h2:file:" + dir.resolve("pooled");
        JdbcStateStore pooled = new JdbcStateStore(url);
        pooled.apply(SOURCE, upserts(SourceState.INITIAL.withCursor("p"), resource("https://ex.org/a", 4)));
        pooled.close();
        assertThrows(IllegalStateException.class, pooled::start);

        store = new JdbcStateStore(url);
        assertEquals("p", store.source(SOURCE).cursor());
        assertEquals(4, store.resource(SOURCE, "https://ex.org/a").orElseThrow().generation());
    }

    @Test
    void storesWithDifferentPrefixesAreIsolated() {
        JdbcStateStore other = (JdbcStateStore) createStore(dir);
        other.setTablePrefix("other_");
        store.apply(SOURCE, upserts(SourceState.INITIAL.withCursor("a"), resource("https://ex.org/a", 1)));
        assertEquals(SourceState.INITIAL, other.source(SOURCE));
        assertEquals(Optional.empty(), other.resource(SOURCE, "https://ex.org/a"));
        other.close();
    }

    @Test
    void longLocationsAreKeyedByTheirHash() {
        String location = "https://ex.org/" + "x".repeat(10_000);
        store.apply(SOURCE, upserts(null, resource(location, 1)));
        assertEquals(location, store.resource(SOURCE, location).orElseThrow().location());
    }

    @Test
    void unsafeTablePrefixIsRefused() {
        JdbcStateStore s = new JdbcStateStore();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> s.setTablePrefix("x; DROP TABLE y"));
        assertTrue(e.getMessage().contains("tablePrefix"), e.getMessage());
    }

    @Test
    void noConnectionConfiguredIsAClearError() {
        StateStoreException e = assertThrows(StateStoreException.class, () -> new JdbcStateStore().start());
        assertTrue(e.getMessage().contains("dataSource or a jdbcUrl"), e.getMessage());
        assertFalse(JdbcStateStore.withoutParameters("jdbc:h2:file:/x;PASSWORD=secret").contains("secret"));
    }

    @Test
    void urlParametersAreLeftOutOfDescriptions() {
        assertEquals("jdbc:h2:file:/x", JdbcStateStore.withoutParameters("jdbc:h2:file:/x;PASSWORD=secret?a=b"));
        assertEquals("jdbc:postgresql://h/db", JdbcStateStore.withoutParameters("jdbc:postgresql://h/db?user=u;x&password=p"));
        assertEquals("jdbc:x:db", JdbcStateStore.withoutParameters("jdbc:x:db&password=p;y"));
        assertEquals("jdbc:h2:mem:plain", JdbcStateStore.withoutParameters("jdbc:h2:mem:plain"));
        assertEquals("(unknown database)", JdbcStateStore.withoutParameters(null));
        JdbcStateStore s = new JdbcStateStore("jdbc:h2:mem:x;PASSWORD=secret");
        assertEquals("JdbcStateStore[jdbc:h2:mem:x, resourcesync_*]", s.toString());
    }

    @Test
    void optionBounds() {
        JdbcStateStore s = new JdbcStateStore();
        assertThrows(IllegalArgumentException.class, () -> s.setMaximumPoolSize(0));
        s.setMaximumPoolSize(1);
        assertEquals(1, s.getMaximumPoolSize());
        assertThrows(IllegalArgumentException.class, () -> s.setTablePrefix(null));
        assertThrows(IllegalArgumentException.class, () -> s.setTablePrefix("1abc"));
        assertThrows(IllegalArgumentException.class, () -> s.setTablePrefix("a".repeat(42)));
        s.setTablePrefix("a".repeat(41));
        assertEquals("a".repeat(41), s.getTablePrefix());
        s.setTablePrefix("_x9");
        assertEquals("_x9", s.getTablePrefix());
    }

    /** The action of forEachResource may apply changes even when the pool has a single connection. */
    @Test
    void aPoolOfOneConnectionServesAnApplyFromTheIterationAction() {
        store.close();
        JdbcStateStore s = new JdbcStateStore();
        s.setJdbcUrl("jdbc:h2:file:" + dir.resolve("one"));
        s.setMaximumPoolSize(1);
        store = s;
        List<ResourceState> upserts = new ArrayList<>();
        for (int i = 0; i < 2_500; i++) {
            upserts.add(resource(String.format("https://ex.org/%04d", i), 1));
        }
        s.apply(SOURCE, new StateChange(null, upserts, List.of()));
        long[] visited = { 0 };
        s.forEachResource(SOURCE, r -> {
            visited[0]++;
            s.apply(SOURCE, new StateChange(null, List.of(r.withGeneration(2)), List.of()));
        });
        assertEquals(2_500, visited[0]);
        s.forEachResource(SOURCE, r -> assertEquals(2, r.generation(), r.location()));
    }

    /** A bean configured with setters: the credentials reach the database, which refuses a connection without them. */
    @Test
    void credentialsAreUsed() throws Exception {
        store.close();
        String url = "jdbc:h2:file:" + dir.resolve("secured");
        try (Connection c = DriverManager.getConnection(url, "owner", "s3cret-pw")) {
            c.createStatement().execute("CREATE TABLE marker (x INT)");
        }
        JdbcStateStore s = new JdbcStateStore();
        s.setJdbcUrl(url);
        s.setUsername("owner");
        s.setPassword("s3cret-pw");
        assertEquals(url, s.getJdbcUrl());
        assertEquals("owner", s.getUsername());
        assertEquals("s3cret-pw", s.getPassword());
        store = s;
        s.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("secured")));
        assertEquals("secured", s.source(SOURCE).cursor());
    }

    /** close() closes the store's own pool: no session of it stays open in the database. */
    @Test
    void closeReleasesTheConnectionsOfItsOwnPool() throws Exception {
        store.close();
        String url = "jdbc:h2:file:" + dir.resolve("sessions");
        try (Connection observer = DriverManager.getConnection(url)) {
            JdbcStateStore s = new JdbcStateStore(url);
            store = s;
            s.apply(SOURCE, StateChange.of(SourceState.INITIAL.withCursor("c")));
            assertTrue(sessions(observer) > 1, "the pool holds no connection");
            s.close();
            assertEquals(1, sessions(observer));
        }
    }

    private static long sessions(Connection c) throws Exception {
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A database error after start surfaces as a StateStoreException naming what failed, without the password. */
    @Test
    void databaseErrorsNameTheOperationAndHideTheUrlParameters() throws Exception {
        store.close();
        String url = "jdbc:h2:file:" + dir.resolve("broken") + ";PASSWORD=pw-in-url;USER=sa";
        try (Connection keeper = DriverManager.getConnection(url)) {
            JdbcStateStore s = new JdbcStateStore(url);
            store = s;
            s.apply(SOURCE, upserts(SourceState.INITIAL.withCursor("c"), resource("https://ex.org/a", 1)));
            keeper.createStatement().execute("DROP TABLE resourcesync_resource");
            keeper.createStatement().execute("DROP TABLE resourcesync_source");

            assertFailure("read the state of source", () -> s.source(SOURCE));
            assertFailure("read resource https://ex.org/a", () -> s.resource(SOURCE, "https://ex.org/a"));
            assertFailure("count the resources", () -> s.resourceCount(SOURCE));
            assertFailure("list the resources", () -> s.forEachResource(SOURCE, r -> {
            }));
            assertFailure("nothing of it was written", () -> s.apply(SOURCE, StateChange.of(SourceState.INITIAL)));
            assertFailure("clear source", () -> s.clear(SOURCE));
        }
    }

    private static void assertFailure(String what, Runnable call) {
        StateStoreException e = assertThrows(StateStoreException.class, call::run);
        assertTrue(e.getMessage().contains(what), e.getMessage());
        assertTrue(e.getMessage().contains("SQL state"), e.getMessage());
        assertFalse(e.getMessage().contains("pw-in-url"), e.getMessage());
    }
}
