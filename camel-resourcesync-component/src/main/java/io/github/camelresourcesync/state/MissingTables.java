package io.github.camelresourcesync.state;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Creates a store's tables when missing, safe for nodes that start together: PostgreSQL lets two concurrent
 * {@code CREATE TABLE IF NOT EXISTS} of one table both pass the check, and the later one then fails with a duplicate
 * type once the earlier commits. Each statement is therefore committed on its own and retried: the retry finds the
 * table. Retrying the whole list instead is not enough, as the other node may by then be creating the next table.
 */
final class MissingTables {

    /** One conflict per statement is the most a race can cause; a third attempt covers a statement rolled back. */
    private static final int ATTEMPTS = 3;

    private MissingTables() {
    }

    static void create(Connection c, List<String> ddl) throws SQLException {
        for (String statement : ddl) {
            createOne(c, statement);
        }
    }

    private static void createOne(Connection c, String statement) throws SQLException {
        SQLException first = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try (Statement st = c.createStatement()) {
                st.execute(statement);
                if (!c.getAutoCommit()) {
                    c.commit();
                }
                return;
            } catch (SQLException e) {
                if (!c.getAutoCommit()) {
                    c.rollback();
                }
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        throw first;
    }
}
