package io.github.camelresourcesync.testsupport;

import java.util.Properties;

/** The properties of a clustered Quartz JDBC JobStore on PostgreSQL, as a deployment's quartz.properties holds them. */
public final class ClusteredQuartz {

    private ClusteredQuartz() {
    }

    /**
     * @param prefix        before Quartz's own {@code QRTZ_} table prefix (tests share a database)
     * @param threads       Quartz's thread pool; each due trigger's poll runs on one
     * @param checkinMillis how often a node checks in, and so how soon a dead node's triggers are recovered
     */
    public static Properties postgres(String jdbcUrl, String prefix, int threads, long checkinMillis) {
        Properties p = new Properties();
        p.setProperty("org.quartz.scheduler.instanceName", "resourcesync");
        p.setProperty("org.quartz.scheduler.instanceId", "AUTO");
        p.setProperty("org.quartz.threadPool.threadCount", String.valueOf(threads));
        // acquire up to a thread pool's worth of due triggers per trip through QRTZ_LOCKS
        p.setProperty("org.quartz.scheduler.batchTriggerAcquisitionMaxCount", String.valueOf(threads));
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
