package io.github.camelresourcesync.examples.springboot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;

import javax.sql.DataSource;

import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.examples.demo.DemoSource;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.TestDatabase;
import org.apache.camel.CamelContext;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.util.FileSystemUtils;

import static io.github.camelresourcesync.springboot.Mirrors.assertMirrorsBytes;
import static io.github.camelresourcesync.examples.springboot.ExampleAssertions.assertRouteHealthy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The example on PostgreSQL, as several nodes would run it: {@code camel.resourcesync.state-store=jdbc} puts the
 * state in the application's DataSource ({@code spring.datasource.url}). Mirrors a demo Source given by URL. Runs when
 * {@code RESOURCESYNC_TEST_JDBC_URL} (or {@code -Dresourcesync.test.jdbcUrl}) names a database, as .ci/run sets it;
 * skipped otherwise.
 */
@CamelSpringBootTest
@SpringBootTest(classes = ExampleApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
                properties = { "camel.resourcesync.state-store=jdbc", "sync.delay=200" })
@Import(ExamplePostgresTest.Cleanup.class)
@DirtiesContext
@EnabledIf(value = "postgresConfigured", disabledReason = "no PostgreSQL configured; set -D" + TestDatabase.PROPERTY
                                                         + "=jdbc:postgresql://127.0.0.1:5432/test?user=postgres (or env "
                                                         + TestDatabase.ENV + ") to run it; .ci/run does")
class ExamplePostgresTest {

    private static String url;
    private static String prefix;
    private static DemoSource source;
    private static Path tmp;

    @Autowired
    CamelContext camel;
    @Autowired
    DataSource dataSource;
    @LocalServerPort
    int port;

    static boolean postgresConfigured() {
        String url = System.getProperty(TestDatabase.PROPERTY, System.getenv(TestDatabase.ENV));
        return url != null && !url.isBlank();
    }

    @BeforeAll
    static void startSource() throws Exception {
        url = TestDatabase.postgresUrl();
        prefix = TestDatabase.uniquePrefix();
        tmp = Files.createTempDirectory("example-postgres");
        source = DemoSource.start(DemoSource.Settings.defaults().withPort(0).withChangeInterval(0));
    }

    /** Once Camel has stopped (a bean destroyed after it): the Source, the tables, the directories. */
    @TestConfiguration
    static class Cleanup {

        @Bean
        AutoCloseable cleanUpAfterCamel() {
            return () -> {
                source.close();
                TestDatabase.dropTables(url, prefix);
                FileSystemUtils.deleteRecursively(tmp);
            };
        }
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> url);
        registry.add("camel.resourcesync.jdbc.table-prefix", () -> prefix);
        registry.add("sync.source-url", () -> source.base().toString());
        registry.add("sync.mirror-dir", () -> tmp.resolve("mirror").toString());
        registry.add("camel.component.resourcesync.state-directory", () -> tmp.resolve("embedded").toString());
    }

    @Test
    void mirrorsWithTheStateInPostgres() throws Exception {
        JdbcStateStore store = (JdbcStateStore) camel.getComponent("resourcesync", ResourceSyncComponent.class)
                .getStateStore();
        assertSame(dataSource, store.getDataSource(), "the store works on the application's DataSource");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertMirrorsBytes(source.snapshot(), tmp.resolve("mirror")));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(
                () -> assertEquals(source.snapshot().size(), count(prefix + "resource"), "resource states in PostgreSQL"));
        assertFalse(Files.exists(tmp.resolve("embedded")), "no embedded store was opened");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertRouteHealthy(port, "mirror"));
    }

    private long count(String table) throws Exception {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
