package io.github.camelresourcesync.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

import org.quartz.impl.StdSchedulerFactory;

/**
 * Quartz's own PostgreSQL tables (the DDL shipped in the Quartz jar) under a test prefix, and the standard properties
 * of a clustered {@code JobStoreTX} on them: what a user puts in {@code quartz.properties} or
 * {@code camel.component.quartz.properties.*}.
 */
final class QuartzTables {

    private QuartzTables() {
    }

    static void create(String jdbcUrl, String prefix) throws IOException, SQLException {
        String ddl;
        try (InputStream in = StdSchedulerFactory.class.getResourceAsStream("/org/quartz/impl/jdbcjobstore/tables_postgres.sql")) {
            ddl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        ddl = ddl.replaceAll("(?m)^--.*$", "").replace("QRTZ_", prefix + "QRTZ_").replace("qrtz_", prefix + "qrtz_");
        try (Connection c = DriverManager.getConnection(jdbcUrl); Statement st = c.createStatement()) {
            for (String statement : ddl.split(";")) {
                String s = statement.strip();
                if (!s.isEmpty() && !s.equalsIgnoreCase("commit")) {
                    st.execute(s);
                }
            }
        }
    }

    /** The standard properties of a clustered JDBC JobStore on PostgreSQL, with a fast check-in for tests. */
    static Properties clustered(String jdbcUrl, String prefix, int threads, long checkinMillis) {
        Properties p = new Properties();
        p.setProperty("org.quartz.scheduler.instanceName", "resourcesync");
        p.setProperty("org.quartz.scheduler.instanceId", "AUTO");
        p.setProperty("org.quartz.threadPool.threadCount", String.valueOf(threads));
        p.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
        p.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
        p.setProperty("org.quartz.jobStore.isClustered", "true");
        p.setProperty("org.quartz.jobStore.clusterCheckinInterval", String.valueOf(checkinMillis));
        p.setProperty("org.quartz.jobStore.tablePrefix", prefix + "QRTZ_");
        p.setProperty("org.quartz.jobStore.dataSource", "quartz");
        p.setProperty("org.quartz.dataSource.quartz.driver", "org.postgresql.Driver");
        p.setProperty("org.quartz.dataSource.quartz.URL", jdbcUrl);
        p.setProperty("org.quartz.dataSource.quartz.provider", "hikaricp");
        p.setProperty("org.quartz.dataSource.quartz.maxConnections", String.valueOf(threads + 3));
        return p;
    }
}
