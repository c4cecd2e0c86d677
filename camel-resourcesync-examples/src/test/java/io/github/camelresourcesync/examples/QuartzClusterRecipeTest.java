package io.github.camelresourcesync.examples;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.component.quartz.QuartzComponent;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quartz.impl.StdSchedulerFactory;

/**
 * The Quartz cluster recipe of docs/ha.md, as printed there: its YAML route, its {@code application.properties} and its
 * {@code quartz.properties}, taken from the page, with only the host names, credentials, cron and paths replaced, run
 * by Camel Main: the state store is the {@code JdbcStateStore}, Quartz runs clustered on its JDBC JobStore, and the
 * route harvests the Source under a lease.
 */
class QuartzClusterRecipeTest {

    @TempDir
    Path tmp;

    @Test
    void theCamelMainRecipeOfHaMdRuns() throws Exception {
        String url = System.getProperty("resourcesync.test.jdbcUrl", System.getenv("RESOURCESYNC_TEST_JDBC_URL"));
        assumeTrue(url != null && !url.isBlank() || System.getenv("CI") == null,
                "no PostgreSQL: set RESOURCESYNC_TEST_JDBC_URL");
        if (url == null || url.isBlank()) {
            throw new AssertionError("CI without RESOURCESYNC_TEST_JDBC_URL");
        }
        String prefix = "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 10) + "_";
        String section = section(Files.readString(Path.of("..", "docs", "ha.md")), "## Many Sources on a Quartz cluster");
        List<String> yaml = blocks(section, "yaml");
        List<String> props = blocks(section, "properties");
        assertEquals(1, yaml.size(), "one YAML route in the recipe");
        assertEquals(2, props.size(), "application.properties and quartz.properties in the recipe");
        String jdbcBase = url.substring(0, url.indexOf('?') < 0 ? url.length() : url.indexOf('?'));

        try (TestSource source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")) {
            Path mirror = tmp.resolve("mirror");
            Files.writeString(tmp.resolve("routes.yaml"), yaml.get(0)
                    .replace("https://data.example.org/.well-known/resourcesync", source.base().toString())
                    .replace("0 0/5 * * * ?", "0/2 * * * * ?")
                    .replace("/shared/mirror/data-example-org", mirror.toString()));
            Files.writeString(tmp.resolve("quartz.properties"), props.get(1)
                    .replace("jdbc:postgresql://db.example.org:5432/sync", url)
                    .replace("= QRTZ_", "= " + prefix + "QRTZ_")
                    .replace("quartz.user = sync", "quartz.user = postgres")
                    .replace("quartz.password = ...", "quartz.password = unused"));
            Files.writeString(tmp.resolve("application.properties"), props.get(0)
                    .replace("jdbc:postgresql://db.example.org:5432/sync", jdbcBase)
                    .replace("username = sync", "username = postgres")
                    .replace("{{env:SYNC_DB_PASSWORD}}", "unused")
                    .replace("classpath:quartz.properties", "file:" + tmp.resolve("quartz.properties"))
                                                                  + "\ncamel.beans.syncState.tablePrefix = " + prefix + "\n");
            createQuartzTables(url, prefix);

            Main main = new Main();
            main.setPropertyPlaceholderLocations("file:" + tmp.resolve("application.properties"));
            main.configure().withRoutesIncludePattern("file:" + tmp.resolve("routes.yaml"));
            main.start();
            try {
                await().atMost(Duration.ofSeconds(60)).until(() -> Files.exists(mirror.resolve("res/b.txt")));
                source.change("/res/a.txt", "alpha 2");
                await().atMost(Duration.ofSeconds(60)).until(() -> Files.exists(mirror.resolve("res/a.txt"))
                                                                   && Files.readString(mirror.resolve("res/a.txt"))
                                                                           .equals("alpha 2"));
                var context = main.getCamelContext();
                assertTrue(context.getComponent("resourcesync", ResourceSyncComponent.class).getStateStore()
                        instanceof JdbcStateStore, "the state store bean of the recipe is autowired");
                assertTrue(context.getComponent("quartz", QuartzComponent.class).getScheduler().getMetaData()
                        .isJobStoreClustered(), "Quartz runs on the clustered JDBC JobStore");
                assertTrue(count(url, "SELECT count(*) FROM " + prefix + "QRTZ_TRIGGERS WHERE trigger_name ="
                                      + " 's-data-example-org'") == 1, "the trigger is stored under its triggerId");
                assertTrue(count(url, "SELECT count(*) FROM " + prefix + "lease_log") >= 2, "the polls took leases");
            } finally {
                main.stop();
                dropTables(url, prefix);
            }
        }
    }

    /**
     * The text of the section starting with {@code heading}, up to the next heading of level 2 or 3 (the Spring Boot
     * recipe that follows has a properties block of its own).
     */
    private static String section(String page, String heading) {
        int start = page.indexOf(heading);
        assertTrue(start >= 0, "docs/ha.md has " + heading);
        Matcher next = Pattern.compile("\n###? ").matcher(page);
        int end = next.find(start + heading.length()) ? next.start() : page.length();
        return page.substring(start, end);
    }

    private static List<String> blocks(String text, String language) {
        List<String> blocks = new ArrayList<>();
        Matcher m = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL).matcher(text);
        while (m.find()) {
            blocks.add(m.group(1));
        }
        return blocks;
    }

    private static void createQuartzTables(String url, String prefix) throws Exception {
        String ddl;
        try (InputStream in = StdSchedulerFactory.class.getResourceAsStream(
                "/org/quartz/impl/jdbcjobstore/tables_postgres.sql")) {
            ddl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        ddl = ddl.replaceAll("(?m)^--.*$", "").replace("QRTZ_", prefix + "QRTZ_").replace("qrtz_", prefix + "qrtz_");
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            for (String statement : ddl.split(";")) {
                String s = statement.strip();
                if (!s.isEmpty() && !s.equalsIgnoreCase("commit")) {
                    st.execute(s);
                }
            }
        }
    }

    private static long count(String url, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void dropTables(String url, String prefix) throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = c.getMetaData().getTables(null, null, prefix + "%", new String[] { "TABLE" })) {
            List<String> tables = new ArrayList<>();
            while (rs.next()) {
                tables.add(rs.getString("TABLE_NAME"));
            }
            for (String t : tables) {
                st.execute("DROP TABLE IF EXISTS " + t + " CASCADE");
            }
        }
    }
}
