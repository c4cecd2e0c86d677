package io.github.camelresourcesync.springboot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;

import javax.sql.DataSource;

import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.springboot.app.StarterTestApplication;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static io.github.camelresourcesync.springboot.Mirrors.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code camel.resourcesync.state-store=jdbc}: the harvesting components keep their state in the application's
 * DataSource (here an embedded H2; the Spring Boot example's test runs the same on PostgreSQL), and a restarted
 * application resumes from it.
 */
class JdbcStateStoreStarterTest {

    @TempDir
    Path tmp;

    /** Without a DataSource. */
    @SpringBootConfiguration
    @EnableAutoConfiguration(excludeName = "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration")
    static class NoDataSource {
    }

    private ConfigurableApplicationContext start(TestSource source, String database) {
        return new SpringApplicationBuilder(StarterTestApplication.class).web(WebApplicationType.NONE).properties(Map.of(
                "camel.resourcesync.state-store", "jdbc",
                "camel.resourcesync.jdbc.table-prefix", "starter_",
                "spring.datasource.url", "jdbc:h2:file:" + tmp.resolve(database),
                "test.source-url", source.base().toString(),
                "test.mirror-dir", tmp.resolve("mirror").toString(),
                "camel.component.resourcesync.state-directory", tmp.resolve("embedded").toString())).run();
    }

    @Test
    void stateIsKeptInTheApplicationsDataSourceAndARestartResumesFromIt() throws Exception {
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")) {
            try (ConfigurableApplicationContext app = start(source, "state")) {
                ResourceSyncComponent component = app.getBean(CamelContext.class)
                        .getComponent("resourcesync", ResourceSyncComponent.class);
                JdbcStateStore store = app.getBean(JdbcStateStore.class);
                assertSame(store, component.getStateStore(), "the JDBC store is autowired into the component");
                assertSame(app.getBean(DataSource.class), store.getDataSource());
                await().atMost(Duration.ofSeconds(30))
                        .untilAsserted(() -> assertMirrors(source.snapshot(), tmp.resolve("mirror")));
                await().atMost(Duration.ofSeconds(10))
                        .untilAsserted(() -> assertEquals(2, count(app.getBean(DataSource.class), "starter_resource")));
            }
            assertFalse(Files.exists(tmp.resolve("embedded")), "no embedded store was opened");

            // the restarted application resumes: a resource the mirror lost is not fetched again, a new one is
            Files.delete(tmp.resolve("mirror/res/a.txt"));
            source.put("/res/c.txt", "charlie");
            try (ConfigurableApplicationContext app = start(source, "state")) {
                await().atMost(Duration.ofSeconds(30))
                        .untilAsserted(() -> assertTrue(Files.exists(tmp.resolve("mirror/res/c.txt"))));
                // the file appears when the exchange completes; the state commits after it
                await().atMost(Duration.ofSeconds(10))
                        .untilAsserted(() -> assertEquals(3, count(app.getBean(DataSource.class), "starter_resource")));
                assertFalse(Files.exists(tmp.resolve("mirror/res/a.txt")), "resumed, not a new baseline");
            }
        }
    }

    @Test
    void jdbcWithoutADataSourceFailsTheStartSayingWhatIsMissing() {
        Exception e = assertThrows(Exception.class, () -> new SpringApplicationBuilder(NoDataSource.class)
                .web(WebApplicationType.NONE).properties("camel.resourcesync.state-store=jdbc").run().close());
        String messages = ComponentPropertiesTest.messages(e);
        assertTrue(messages.contains("camel.resourcesync.state-store=jdbc needs the application's DataSource, and"
                                     + " there is none: add spring-boot-starter-jdbc and the database's JDBC driver,"
                                     + " and set spring.datasource.url"), messages);
    }

    private static long count(DataSource dataSource, String table) throws Exception {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
