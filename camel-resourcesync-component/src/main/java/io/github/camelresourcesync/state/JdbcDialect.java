package io.github.camelresourcesync.state;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The SQL that differs between databases: column types and the upsert of one resource. PostgreSQL and H2 have their
 * own upsert; any other database gets a delete-then-insert in the same transaction, which is as atomic, only slower.
 */
enum JdbcDialect {

    POSTGRESQL("BYTEA", "BYTEA", "TEXT"),
    H2("VARBINARY(32)", "VARBINARY", "VARCHAR"),
    OTHER("VARBINARY(32)", "VARBINARY(4000)", "VARCHAR(4000)");

    /** Columns holding a SHA-256, an encoded state (a few dozen bytes, more with many resume event ids), a URI. */
    final String keyType;
    final String valueType;
    final String textType;

    JdbcDialect(String keyType, String valueType, String textType) {
        this.keyType = keyType;
        this.valueType = valueType;
        this.textType = textType;
    }

    static JdbcDialect of(Connection connection) throws SQLException {
        String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
        if (product.contains("postgresql")) {
            return POSTGRESQL;
        }
        return product.equals("h2") ? H2 : OTHER;
    }

    /**
     * Inserts or replaces a row of {@code table} keyed by the first {@code keys} of {@code columns}; parameters in
     * column order. {@code null} for {@link #OTHER}, which deletes the keys first and then inserts.
     */
    String upsert(String table, int keys, String... columns) {
        String columnList = String.join(", ", columns);
        String params = "?" + ", ?".repeat(columns.length - 1);
        String keyList = String.join(", ", java.util.Arrays.copyOf(columns, keys));
        switch (this) {
            case POSTGRESQL:
                StringBuilder set = new StringBuilder();
                for (int i = keys; i < columns.length; i++) {
                    set.append(i > keys ? ", " : "").append(columns[i]).append(" = EXCLUDED.").append(columns[i]);
                }
                return "INSERT INTO " + table + " (" + columnList + ") VALUES (" + params + ") ON CONFLICT (" + keyList
                       + ") DO UPDATE SET " + set;
            case H2:
                return "MERGE INTO " + table + " (" + columnList + ") KEY (" + keyList + ") VALUES (" + params + ")";
            default:
                return null;
        }
    }
}
