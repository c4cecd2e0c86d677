package io.github.camelresourcesync.springboot;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;

import io.github.camelresourcesync.springboot.transacted.TransactedApplication;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.TestDatabase;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.spi.TransactedPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exactly once into PostgreSQL from Spring Boot, configured by properties only ({@link TransactedApplication}: the
 * application's DataSource and JdbcTransactionManager, the starter's JDBC state store, a {@code transacted()} route
 * into camel-sql): every event once, a failure after the insert rolls back the row and the state, and the resume point
 * commits in the transaction of the sink's last write (PostgreSQL's {@code xmin}).
 */
class TransactedStarterTest {

    @TempDir
    Path tmp;

    private String url;
    private String prefix;

    @AfterEach
    void dropTables() throws Exception {
        if (prefix != null) {
            TestDatabase.dropTables(url, prefix);
        }
    }

    @Test
    void aTransactedRouteIsExactlyOnceWithNothingButProperties() throws Exception {
        url = TestDatabase.postgresUrl();
        prefix = TestDatabase.uniquePrefix();
        sql("CREATE TABLE " + prefix + "events (event_id TEXT NOT NULL, location TEXT NOT NULL, tx BIGINT NOT NULL)");
        try (TestSource source = new TestSource()) {
            for (int i = 0; i < 20; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            String failing = source.base().resolve("/res/r7.txt").toString();
            TransactedApplication.FAIL_ONCE.add(failing);
            try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TransactedApplication.class)
                    .web(WebApplicationType.NONE).properties(Map.of(
                            "spring.datasource.url", url,
                            "camel.resourcesync.state-store", "jdbc",
                            "camel.resourcesync.jdbc.table-prefix", prefix,
                            "test.source-url", source.base().toString(),
                            "test.prefix", prefix,
                            "camel.component.resourcesync.state-directory", tmp.resolve("embedded").toString())).run()) {
                PlatformTransactionManager manager = app.getBean(PlatformTransactionManager.class);
                assertEquals(JdbcTransactionManager.class, manager.getClass(), "Spring Boot's transaction manager");
                assertTrue(app.getBeansOfType(TransactedPolicy.class).isEmpty(), "no policy bean: Camel makes it");
                assertSame(((JdbcTransactionManager) manager).getDataSource(), app.getBean(JdbcStateStore.class)
                        .getDataSource(), "the state store on the transaction's DataSource");
                await().atMost(Duration.ofSeconds(60)).until(() -> count("SELECT COUNT(DISTINCT event_id) FROM "
                                                                         + prefix + "events") == 20);
                app.getBean(CamelContext.class).getRouteController().stopRoute("load");
                assertTrue(TransactedApplication.FAILED.get(), "the route failed once");
                assertEquals(20, count("SELECT COUNT(*) FROM " + prefix + "events"),
                        "every event once: the failed attempt's insert rolled back");
                assertEquals(count("SELECT MAX(tx) % 4294967296 FROM " + prefix + "events"),
                        count("SELECT xmin::text::bigint FROM " + prefix + "source"),
                        "the resume point commits in the transaction of the sink's last write");
            }
        }
    }

    private long count(String query) throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void sql(String statement) throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.execute(statement);
        }
    }
}
