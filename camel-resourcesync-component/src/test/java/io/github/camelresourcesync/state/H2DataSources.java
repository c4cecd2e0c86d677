package io.github.camelresourcesync.state;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;

import javax.sql.DataSource;

/**
 * Data sources over real H2 databases for the JDBC store tests: one that names itself as a database the store has no
 * dialect for (so the store's generic SQL runs on a real engine), and one that hands out a single connection whose
 * {@code close()} does nothing, as Spring's {@code SingleConnectionDataSource} does.
 */
final class H2DataSources {

    static final String UNKNOWN_PRODUCT = "ExampleSQL";

    private H2DataSources() {
    }

    /** A new H2 connection per call, whose metadata names {@value #UNKNOWN_PRODUCT} as the database product. */
    static DataSource unknownProduct(String h2Url) {
        return new Simple() {
            @Override
            public Connection getConnection() throws SQLException {
                return renamed(DriverManager.getConnection(h2Url), false);
            }
        };
    }

    /**
     * One H2 connection for every call, named {@value #UNKNOWN_PRODUCT}; closing what it hands out leaves the
     * connection open, so whatever state a user of it leaves behind is seen by the next one.
     */
    static DataSource singleConnection(Connection connection) {
        Connection shared = renamed(connection, true);
        return new Simple() {
            @Override
            public Connection getConnection() {
                return shared;
            }
        };
    }

    private static Connection renamed(Connection target, boolean keepOpen) {
        InvocationHandler handler = (proxy, method, args) -> {
            switch (method.getName()) {
                case "close":
                    if (keepOpen) {
                        return null;
                    }
                    break;
                case "getMetaData":
                    return renamedMetaData(target.getMetaData());
                default:
                    break;
            }
            return invoke(target, method, args);
        };
        return (Connection) Proxy.newProxyInstance(H2DataSources.class.getClassLoader(),
                new Class<?>[] { Connection.class }, handler);
    }

    private static DatabaseMetaData renamedMetaData(DatabaseMetaData target) {
        InvocationHandler handler = (proxy, method, args) -> "getDatabaseProductName".equals(method.getName())
                ? UNKNOWN_PRODUCT
                : invoke(target, method, args);
        return (DatabaseMetaData) Proxy.newProxyInstance(H2DataSources.class.getClassLoader(),
                new Class<?>[] { DatabaseMetaData.class }, handler);
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private abstract static class Simple implements DataSource {
        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }
}
