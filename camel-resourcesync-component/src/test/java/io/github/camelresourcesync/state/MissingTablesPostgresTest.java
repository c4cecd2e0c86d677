package io.github.camelresourcesync.state;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.camelresourcesync.testsupport.TestDatabase;

/**
 * Nodes that start together create the same tables at the same time. PostgreSQL's {@code CREATE TABLE IF NOT EXISTS}
 * then fails the later node with a duplicate type, once per table it met the other node on: here a node meets one
 * creator on the lease table and, when that is done, another on the lease log, and still starts (CI once failed a
 * cluster node this way, when a retry of the whole list met the second table).
 */
class MissingTablesPostgresTest {

    private final String url = TestDatabase.postgresUrl();
    private final String prefix = TestDatabase.uniquePrefix();

    @AfterEach
    void drop() throws Exception {
        TestDatabase.dropTables(url, prefix);
    }

    @Test
    void aNodeThatMeetsOtherCreatorsOnEachTableStillCreatesThem() throws Exception {
        List<String> ddl = SourceLeases.tables(JdbcDialect.POSTGRESQL, prefix);
        try (Connection lease = DriverManager.getConnection(url); Connection log = DriverManager.getConnection(url);
             Connection node = DriverManager.getConnection(url)) {
            lease.setAutoCommit(false);
            log.setAutoCommit(false);
            execute(lease, ddl.get(0));
            execute(log, ddl.get(1));

            CompletableFuture<Void> created = CompletableFuture.runAsync(() -> {
                try {
                    SourceLeases.createTables(node, JdbcDialect.POSTGRESQL, prefix);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            awaitBlockedOn(prefix + "lease ");
            lease.commit(); // the node fails on the lease table now, and its retry finds it
            awaitBlockedOn(prefix + "lease_log ");
            log.commit(); // and now on the lease log

            created.get(30, TimeUnit.SECONDS);
        }
        try (JdbcStateStore store = new JdbcStateStore(url)) {
            store.setTablePrefix(prefix);
            store.setLeaseDuration(1000);
            store.start();
            assertTrue(store.leases().acquire("http://example.org/capabilitylist.xml").isPresent(),
                    "the tables the three connections created are usable");
        }
    }

    private static void execute(Connection c, String sql) throws Exception {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /** Waits until a session waits on a lock in a statement that creates {@code table}. */
    private void awaitBlockedOn(String table) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20)).until(() -> {
            try (Connection c = DriverManager.getConnection(url);
                 PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM pg_stat_activity"
                                                           + " WHERE wait_event_type = 'Lock' AND query LIKE ?")) {
                ps.setString(1, "CREATE TABLE IF NOT EXISTS " + table + "%");
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getInt(1) == 1;
                }
            }
        });
    }
}
