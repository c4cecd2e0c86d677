package io.github.camelresourcesync.state;

import java.sql.Connection;

import javax.sql.DataSource;

/**
 * Where {@link JdbcStateStore} finds the transaction the calling thread runs in, so that state written by that thread
 * commits (or rolls back) together with the sink's writes on the same database: exactly once into that database. The
 * Camel layer fills it from the transaction manager of a transacted route; the core knows no transaction framework.
 */
@FunctionalInterface
public interface CallerTransaction {

    /**
     * The connection of the transaction the calling thread runs in on {@code dataSource}, or {@code null} when it runs
     * in none. The store writes on it and neither commits nor closes it: the transaction's owner does.
     */
    Connection connection(DataSource dataSource);
}
