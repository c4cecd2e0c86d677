package io.github.camelresourcesync.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import org.quartz.impl.StdSchedulerFactory;

/**
 * Quartz's own PostgreSQL tables (the DDL shipped in the Quartz jar) under a test prefix, and the standard properties
 * of a clustered {@code JobStoreTX} on them: what a user puts in {@code quartz.properties} or
 * {@code camel.component.quartz.properties.*}.
 */
public final class QuartzTables {

    private QuartzTables() {
    }

    public static void create(String jdbcUrl, String prefix) throws IOException, SQLException {
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
}
