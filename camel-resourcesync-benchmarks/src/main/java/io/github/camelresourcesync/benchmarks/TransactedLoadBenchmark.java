package io.github.camelresourcesync.benchmarks;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.spring.spi.SpringTransactionPolicy;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DataSourceUtils;

/**
 * Events per second into PostgreSQL with and without a transacted route: a baseline of {@code --resources} resources
 * (metadata only, {@code fetchContent=false}, from the testkit's Source on loopback) whose route appends each event
 * to a table on the same {@code DataSource} as the {@link JdbcStateStore}. Four ways, taking turns run by run after an
 * unmeasured warm-up each: {@code plain} (no transaction: each insert commits alone, the state every 250 ms, at
 * least once), {@code plain-batching}, {@code transacted} (one transaction per event holding its state: exactly once)
 * and {@code transacted-batching} (one per batch of up to 1,000). Measured from the route's start to the last
 * event's state in the store.
 *
 * <pre>
 * camel-resourcesync-benchmarks/bin/run.sh TransactedLoadBenchmark --url 'jdbc:postgresql://127.0.0.1:5432/test?user=postgres'
 * </pre>
 */
public final class TransactedLoadBenchmark {

    private static final String USAGE = """
            TransactedLoadBenchmark: events/s into PostgreSQL, transacted route (exactly once) or not
              --url JDBC       PostgreSQL URL (default jdbc:postgresql://127.0.0.1:5432/test?user=postgres)
              --resources N    events per run (default 20000)
              --runs N         measured runs per way (default 3)
            """;

    private TransactedLoadBenchmark() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        String url = args.get("url", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres");
        int resources = args.getInt("resources", 20_000);
        int runs = args.getInt("runs", 3);
        Map<String, List<Double>> rates = new LinkedHashMap<>();
        for (String way : List.of("plain", "plain-batching", "transacted", "transacted-batching")) {
            rates.put(way, new ArrayList<>());
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(4);
        try (HikariDataSource ds = new HikariDataSource(config); TestSource source = new TestSource()) {
            for (int i = 0; i < resources; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            for (int run = 0; run <= runs; run++) {
                for (Map.Entry<String, List<Double>> way : rates.entrySet()) {
                    double rate = run(ds, source, resources, way.getKey().startsWith("transacted"),
                            way.getKey().endsWith("batching"));
                    if (run > 0) {
                        way.getValue().add(rate);
                    }
                    System.out.printf("%s %s: %,.0f events/s%n", run == 0 ? "warm-up" : "run " + run, way.getKey(),
                            rate);
                }
            }
        }
        System.out.printf("%nPostgreSQL, %,d events per run, %d cores%n", resources,
                Runtime.getRuntime().availableProcessors());
        rates.forEach((way, r) -> System.out.printf("%-20s %s%n", way, Stats.rates(r, "events/s")));
    }

    private static double run(DataSource ds, TestSource source, int resources, boolean transacted, boolean batching)
            throws Exception {
        String prefix = "b" + UUID.randomUUID().toString().replace("-", "").substring(0, 10) + "_";
        sql(ds, "CREATE TABLE " + prefix + "events (event_id TEXT NOT NULL, location TEXT NOT NULL)");
        JdbcStateStore store = new JdbcStateStore(ds);
        store.setTablePrefix(prefix);
        CamelContext context = new DefaultCamelContext();
        context.getRegistry().bind("store", store);
        context.getRegistry().bind("PROPAGATION_REQUIRED",
                new SpringTransactionPolicy(new DataSourceTransactionManager(ds)));
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                RouteDefinition route = from("resourcesync:" + source.base() + "?stateStore=#store&fetchContent=false"
                                             + "&initialDelay=0&delay=100&greedy=true&batching=" + batching)
                        .routeId("load");
                (transacted ? route.transacted() : route).process(e -> insert(ds, prefix, e));
            }
        });
        long start = System.nanoTime();
        context.start();
        try {
            while (count(ds, "SELECT COUNT(*) FROM " + prefix + "resource") < resources) {
                Thread.sleep(20);
            }
            return resources / ((System.nanoTime() - start) / 1e9);
        } finally {
            context.stop();
            for (String table : List.of("events", "source", "resource")) {
                sql(ds, "DROP TABLE IF EXISTS " + prefix + table);
            }
        }
    }

    /** A plain bean on the DataSource: in the route's transaction when there is one, else each insert commits. */
    @SuppressWarnings("unchecked")
    private static void insert(DataSource ds, String prefix, Exchange e) throws SQLException {
        Connection c = DataSourceUtils.getConnection(ds);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + prefix
                + "events (event_id, location) VALUES (?, ?)")) {
            if (e.getIn().getBody() instanceof List<?> batch) {
                for (SyncEvent event : (List<SyncEvent>) batch) {
                    ps.setString(1, event.eventId());
                    ps.setString(2, event.location().toString());
                    ps.addBatch();
                }
                ps.executeBatch();
            } else {
                ps.setString(1, e.getIn().getHeader(ResourceSyncConstants.EVENT_ID, String.class));
                ps.setString(2, e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class));
                ps.executeUpdate();
            }
        } finally {
            DataSourceUtils.releaseConnection(c, ds);
        }
    }

    private static long count(DataSource ds, String query) throws SQLException {
        try (Connection c = ds.getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            return 0; // the store creates its tables when the route starts
        }
    }

    private static void sql(DataSource ds, String statement) throws SQLException {
        try (Connection c = ds.getConnection(); Statement st = c.createStatement()) {
            st.execute(statement);
        }
    }
}
