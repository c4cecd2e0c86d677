package io.github.camelresourcesync.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import io.github.camelresourcesync.state.JdbcStateStore;

/**
 * The PostgreSQL database of the tests that need a real shared database: its JDBC URL comes from system property
 * {@value #PROPERTY} or environment variable {@value #ENV} ({@code .ci/run} sets it to the local server); the tests
 * skip with a message saying so when neither is set. Each test works in tables of its own prefix, so tests running at
 * the same time never see each other's rows, and {@link #dropTables} removes them afterwards. In CI ({@code CI=true})
 * a missing database fails the tests instead ({@link Prerequisites}).
 */
public final class TestDatabase {

    public static final String PROPERTY = "resourcesync.test.jdbcUrl";
    public static final String ENV = "RESOURCESYNC_TEST_JDBC_URL";

    private TestDatabase() {
    }

    /** The configured PostgreSQL URL; skips the calling test (fails it in CI) when none is configured. */
    public static String postgresUrl() {
        String url = System.getProperty(PROPERTY);
        if (url == null || url.isBlank() || url.contains("${")) {
            url = System.getenv(ENV);
        }
        Prerequisites.require(url != null && !url.isBlank(), "no PostgreSQL configured for the JDBC state store tests;"
                + " set -D" + PROPERTY + "=jdbc:postgresql://127.0.0.1:5432/test?user=postgres (or env " + ENV
                + ") to run them; .ci/run does");
        return url;
    }

    /** A table prefix no other test uses. */
    public static String uniquePrefix() {
        return "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + "_";
    }

    /** The state store of cluster node {@code nodeId} in the tables of {@code prefix} (not started). */
    public static JdbcStateStore nodeStore(String url, String prefix, String nodeId) {
        JdbcStateStore store = new JdbcStateStore(url);
        store.setTablePrefix(prefix);
        store.setNodeId(nodeId);
        return store;
    }

    /** Drops every table whose name starts with {@code prefix}. */
    public static void dropTables(String url, String prefix) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = c.getMetaData().getTables(null, null, null, new String[] { "TABLE" })) {
                while (rs.next()) {
                    String name = rs.getString("TABLE_NAME");
                    if (name.toLowerCase(Locale.ROOT).startsWith(prefix.toLowerCase(Locale.ROOT))) {
                        tables.add(name);
                    }
                }
            }
            if (!tables.isEmpty()) {
                try (Statement st = c.createStatement()) {
                    // together and CASCADE: tables of other tools under the prefix (Quartz's) refer to each other
                    st.execute("DROP TABLE IF EXISTS " + String.join(", ", tables) + " CASCADE");
                }
            }
        }
    }
}
