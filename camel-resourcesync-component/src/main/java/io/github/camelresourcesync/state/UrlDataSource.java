package io.github.camelresourcesync.state;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

import javax.sql.DataSource;

/**
 * Connections from a JDBC URL through {@link DriverManager}, for the pool {@link JdbcStateStore} opens for its
 * {@code jdbcUrl}. HikariCP given the URL itself prints it at DEBUG (its configuration, the driver it loaded), masking
 * only a lower-case {@code password=}: H2's {@code ;PASSWORD=} and other drivers' spellings would be printed. Given
 * this data source instead, it prints {@link #toString()}, the URL without its parameters.
 */
final class UrlDataSource implements DataSource {

    private final String url;
    private final String username;
    private final String password;
    private int loginTimeoutSeconds;

    UrlDataSource(String url, String username, String password) {
        this.url = url;
        this.username = username;
        this.password = password;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return getConnection(username, password);
    }

    @Override
    public Connection getConnection(String user, String pass) throws SQLException {
        Properties properties = new Properties();
        if (user != null) {
            properties.setProperty("user", user);
        }
        if (pass != null) {
            properties.setProperty("password", pass);
        }
        return DriverManager.getConnection(url, properties);
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        // DriverManager's log writer is global; not changed from here
    }

    @Override
    public void setLoginTimeout(int seconds) {
        this.loginTimeoutSeconds = seconds; // HikariCP bounds the wait itself (connectionTimeout)
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeoutSeconds;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException("not a wrapper of " + type.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }

    @Override
    public String toString() {
        return JdbcStateStore.withoutParameters(url);
    }
}
