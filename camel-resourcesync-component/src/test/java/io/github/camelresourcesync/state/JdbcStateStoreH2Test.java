package io.github.camelresourcesync.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
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
}
