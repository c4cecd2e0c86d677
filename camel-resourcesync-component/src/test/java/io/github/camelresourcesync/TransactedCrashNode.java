package io.github.camelresourcesync;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.JdbcStateStore;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.spring.spi.SpringTransactionPolicy;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DataSourceUtils;

/**
 * The harvester of {@link ExactlyOnceCrashTest}, its own JVM so the test can SIGKILL it: a {@code resourcesync:}
 * route with the {@link JdbcStateStore} on PostgreSQL, whose sink (a plain processor on the same {@code DataSource})
 * appends every event to {@code {prefix}events} (no unique constraint) and keeps {@code {prefix}records} equal to the
 * Source's resources. With {@code transacted} the route is {@code transacted()} (SpringTransactionPolicy over a
 * DataSourceTransactionManager), so sink and state commit together; without, each insert commits alone.
 *
 * <pre>
 * TransactedCrashNode sourceUrl jdbcUrl tablePrefix transacted batching
 * </pre>
 */
public final class TransactedCrashNode {

    private TransactedCrashNode() {
    }

    public static void main(String[] args) throws Exception {
        String sourceUrl = args[0];
        String prefix = args[2];
        boolean transacted = Boolean.parseBoolean(args[3]);
        boolean batching = Boolean.parseBoolean(args[4]);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(args[1]);
        config.setMaximumPoolSize(4);
        HikariDataSource ds = new HikariDataSource(config);
        JdbcStateStore store = new JdbcStateStore(ds);
        store.setTablePrefix(prefix);
        CamelContext context = new DefaultCamelContext();
        context.getRegistry().bind("store", store);
        context.getRegistry().bind("PROPAGATION_REQUIRED",
                new SpringTransactionPolicy(new DataSourceTransactionManager(ds)));
        Sink sink = new Sink(ds, prefix);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                RouteDefinition route = from("resourcesync:" + sourceUrl + "?stateStore=#store&delay=50&initialDelay=0"
                                             + "&greedy=true&emitDeletes=true&batching=" + batching)
                        .routeId("exactly-once");
                (transacted ? route.transacted() : route).process(sink::write);
            }
        });
        context.start();
        System.out.println("transacted crash node started");
        new CountDownLatch(1).await(); // until killed
    }

    /** Appends each event and applies it to the records table, on the DataSource (in the route's transaction if any). */
    private record Sink(DataSource ds, String prefix) {

        @SuppressWarnings("unchecked")
        void write(Exchange e) throws SQLException, IOException {
            Object body = e.getIn().getBody();
            Connection c = DataSourceUtils.getConnection(ds);
            try {
                if (body instanceof List<?> batch) {
                    for (SyncEvent event : (List<SyncEvent>) batch) {
                        write(c, event.eventId(), event.location().getPath(), event.change().value(), read(event));
                    }
                } else {
                    write(c, e.getIn().getHeader(ResourceSyncConstants.EVENT_ID, String.class),
                            URI.create(e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class)).getPath(),
                            e.getIn().getHeader(ResourceSyncConstants.CHANGE, String.class),
                            e.getIn().getBody(String.class));
                }
            } finally {
                DataSourceUtils.releaseConnection(c, ds);
            }
        }

        private void write(Connection c, String eventId, String path, String change, String content)
                throws SQLException {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + prefix
                    + "events (event_id, location, change) VALUES (?, ?, ?)")) {
                ps.setString(1, eventId);
                ps.setString(2, path);
                ps.setString(3, change);
                ps.executeUpdate();
            }
            String sql = ChangeType.DELETED.value().equals(change) ? "DELETE FROM " + prefix + "records WHERE location = ?"
                    // ON CONFLICT: a duplicate key would abort PostgreSQL's transaction, state and all
                    : "INSERT INTO " + prefix + "records (location, content) VALUES (?, ?)"
                      + " ON CONFLICT (location) DO UPDATE SET content = EXCLUDED.content";
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setString(1, path);
                if (!ChangeType.DELETED.value().equals(change)) {
                    ps.setString(2, content);
                }
                ps.executeUpdate();
            }
        }

        private static String read(SyncEvent event) throws IOException {
            if (event.content() == null) {
                return null;
            }
            try (InputStream in = event.content().openStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
    }
}
