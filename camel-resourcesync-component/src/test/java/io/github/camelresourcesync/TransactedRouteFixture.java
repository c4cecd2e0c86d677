package io.github.camelresourcesync;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.TestDatabase;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spring.spi.SpringTransactionPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * What the transacted-route tests share: a PostgreSQL {@code DataSource} with tables of their own prefix (an
 * {@code events} table the sinks append to), and a CamelContext in which the {@link JdbcStateStore} ({@code #store}),
 * the sink ({@code #dataSource}) and {@code transacted()}'s default policy all use that one {@code DataSource}.
 */
abstract class TransactedRouteFixture {

    protected String url;
    protected String prefix;
    protected HikariDataSource ds;
    protected CamelContext context;

    @BeforeEach
    void database() throws SQLException {
        url = TestDatabase.postgresUrl();
        prefix = TestDatabase.uniquePrefix();
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(6);
        ds = new HikariDataSource(config);
        sql("CREATE TABLE " + prefix + "events (event_id TEXT NOT NULL, location TEXT NOT NULL, tx BIGINT NOT NULL)");
    }

    @AfterEach
    void close() throws Exception {
        if (context != null) {
            context.stop();
        }
        if (ds != null) {
            ds.close();
            TestDatabase.dropTables(url, prefix);
        }
    }

    /** Starts {@code routes} with the store, the sink's {@code DataSource} and the policy on the one database. */
    protected void start(RouteBuilder routes) throws Exception {
        context = new DefaultCamelContext();
        JdbcStateStore store = new JdbcStateStore(ds);
        store.setTablePrefix(prefix);
        context.getRegistry().bind("store", store);
        context.getRegistry().bind("dataSource", ds);
        context.getRegistry().bind("PROPAGATION_REQUIRED",
                new SpringTransactionPolicy(new DataSourceTransactionManager(ds)));
        context.addRoutes(routes);
        context.start();
    }

    protected long count(String query) throws SQLException {
        try (Connection c = ds.getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    protected void sql(String statement) throws SQLException {
        try (Connection c = ds.getConnection(); Statement st = c.createStatement()) {
            st.execute(statement);
        }
    }
}
