package io.github.camelresourcesync.springboot;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.cluster.QuartzTables;
import io.github.camelresourcesync.springboot.quartz.QuartzClusterApplication;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.TestDatabase;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.component.quartz.QuartzComponent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quartz.SchedulerMetaData;
import org.quartz.impl.jdbcjobstore.JobStoreTX;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static io.github.camelresourcesync.springboot.Mirrors.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Spring Boot recipe of docs/ha.md's Quartz cluster, taken from the page: its {@code application.properties}
 * (with only the host, credentials and file location replaced), the {@code quartz.properties} of the Camel Main recipe
 * above it, and the {@code QuartzComponent} bean it prints ({@link QuartzClusterApplication} holds the same code), run
 * on PostgreSQL with plain camel-quartz and this starter: Quartz runs clustered on its JDBC JobStore with the
 * Source's trigger stored under its id, the state store is the starter's {@code JdbcStateStore} on the application's
 * DataSource, and each poll takes the Source's lease.
 */
class QuartzClusterStarterTest {

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
    void theSpringBootRecipeOfHaMdRunsQuartzClusteredWithLeases() throws Exception {
        url = TestDatabase.postgresUrl();
        prefix = TestDatabase.uniquePrefix();
        String page = Files.readString(Path.of("..", "docs", "ha.md"));
        String mainRecipe = section(page, "## Many Sources on a Quartz cluster");
        String bootRecipe = section(page, "### With Spring Boot");
        List<String> bootProperties = blocks(bootRecipe, "properties");
        List<String> bootJava = blocks(bootRecipe, "java");
        assertEquals(1, bootProperties.size(), "one application.properties in the Spring Boot recipe");
        assertEquals(1, bootJava.size(), "one bean in the Spring Boot recipe");
        assertTrue(squeeze(Files.readString(Path.of("src/test/java/io/github/camelresourcesync/springboot/quartz/"
                                                    + "QuartzClusterApplication.java"))).contains(squeeze(bootJava.get(0))),
                "QuartzClusterApplication holds the bean docs/ha.md prints:\n" + bootJava.get(0));

        QuartzTables.create(url, prefix);
        Files.writeString(tmp.resolve("quartz.properties"), blocks(mainRecipe, "properties").get(1)
                .replace("jdbc:postgresql://db.example.org:5432/sync", url)
                .replace("= QRTZ_", "= " + prefix + "QRTZ_")
                .replace("quartz.user = sync", "quartz.user = postgres")
                .replace("quartz.password = ...", "quartz.password = unused"));
        Properties recipe = new Properties();
        recipe.load(new StringReader(bootProperties.get(0)));
        Map<String, Object> properties = new HashMap<>();
        recipe.forEach((k, v) -> properties.put((String) k, v));
        assertEquals("jdbc", properties.get("camel.resourcesync.state-store"), "the recipe's state store");
        // the test database (trust authentication, the user in the URL), this test's tables and files
        properties.put("spring.datasource.url", url);
        properties.remove("spring.datasource.username");
        properties.remove("spring.datasource.password");
        properties.put("sync.quartz-properties", "file:" + tmp.resolve("quartz.properties"));
        properties.put("camel.resourcesync.jdbc.table-prefix", prefix);
        properties.put("camel.component.resourcesync.state-directory", tmp.resolve("embedded").toString());

        try (TestSource source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")) {
            properties.put("test.source-url", source.base().toString());
            properties.put("test.cron", "0/2+*+*+*+*+?");
            properties.put("test.mirror-dir", tmp.resolve("mirror").toString());
            try (ConfigurableApplicationContext app = new SpringApplicationBuilder(QuartzClusterApplication.class)
                    .web(WebApplicationType.NONE).properties(properties).run()) {
                CamelContext camel = app.getBean(CamelContext.class);
                QuartzComponent quartz = camel.getComponent("quartz", QuartzComponent.class);
                assertSame(app.getBean("quartz"), quartz, "Camel schedules with the recipe's QuartzComponent bean");
                SchedulerMetaData scheduler = quartz.getScheduler().getMetaData();
                assertTrue(scheduler.isJobStoreClustered(), "Quartz runs clustered, with "
                                                            + scheduler.getJobStoreClass().getName());
                assertEquals(JobStoreTX.class, scheduler.getJobStoreClass());
                JdbcStateStore store = app.getBean(JdbcStateStore.class);
                assertSame(store, camel.getComponent("resourcesync", ResourceSyncComponent.class).getStateStore(),
                        "the starter's JDBC store is the component's");

                await().atMost(Duration.ofSeconds(60))
                        .untilAsserted(() -> assertMirrors(source.snapshot(), tmp.resolve("mirror")));
                source.change("/res/a.txt", "alpha 2");
                await().atMost(Duration.ofSeconds(60))
                        .untilAsserted(() -> assertMirrors(source.snapshot(), tmp.resolve("mirror")));

                assertEquals(1, count("SELECT count(*) FROM " + prefix + "QRTZ_TRIGGERS WHERE trigger_name = 's-test'"),
                        "the Source's trigger is stored in PostgreSQL under its triggerId");
                assertEquals(1, count("SELECT count(*) FROM " + prefix + "QRTZ_SCHEDULER_STATE"),
                        "this node checks in to the cluster");
                assertTrue(count("SELECT count(*) FROM " + prefix + "lease_log") >= 2, "each poll took the Source's"
                                                                                      + " lease");
                assertEquals(1, count("SELECT count(DISTINCT owner) FROM " + prefix + "lease_log"), "one node's leases");
            }
        }
    }

    private long count(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** The text from {@code heading} to the next heading of level 2 or 3. */
    static String section(String page, String heading) {
        int start = page.indexOf("\n" + heading + "\n");
        assertTrue(start >= 0, "docs/ha.md has the heading " + heading);
        Matcher next = Pattern.compile("\n###? ").matcher(page);
        int end = next.find(start + heading.length() + 1) ? next.start() : page.length();
        return page.substring(start, end);
    }

    static List<String> blocks(String text, String language) {
        List<String> blocks = new ArrayList<>();
        Matcher m = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL).matcher(text);
        while (m.find()) {
            blocks.add(m.group(1));
        }
        return blocks;
    }

    /** Without whitespace, so the page's indentation and line breaks do not matter. */
    private static String squeeze(String code) {
        return code.replaceAll("\\s+", "");
    }
}
