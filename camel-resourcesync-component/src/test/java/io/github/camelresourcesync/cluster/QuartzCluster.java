package io.github.camelresourcesync.cluster;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.MirrorAssertions;
import io.github.camelresourcesync.testsupport.EventFiles;
import io.github.camelresourcesync.testsupport.TestDatabase;
import io.github.camelresourcesync.testsupport.TestSource;

/**
 * A cluster of {@link QuartzClusterNode} JVMs on Quartz tables and state tables of their own in the test PostgreSQL,
 * following {@code sources} Sources served from this JVM. Closing it kills the nodes, stops the Sources and drops
 * the tables.
 */
final class QuartzCluster implements AutoCloseable {

    final String url = TestDatabase.postgresUrl();
    final String prefix = TestDatabase.uniquePrefix();
    final List<TestSource> sources = new ArrayList<>();
    final Map<String, Process> nodes = new LinkedHashMap<>();
    /** Extra JVM options of the nodes, e.g. {@code -Dcluster.checkin=7500} (Quartz's default check-in). */
    final List<String> jvmArgs = new ArrayList<>();
    private final Path dir;
    private final String cron;
    private final long routeDelay;
    private final String extra;

    QuartzCluster(Path dir, int sourceCount, int resources, String cron, long routeDelay, String extra)
            throws Exception {
        this.dir = dir;
        this.cron = cron;
        this.routeDelay = routeDelay;
        this.extra = extra;
        QuartzTables.create(url, prefix);
        List<String> urls = new ArrayList<>();
        for (int s = 0; s < sourceCount; s++) {
            TestSource source = new TestSource();
            for (int r = 0; r < resources; r++) {
                source.put("/res/r" + r + ".txt", "source " + s + " resource " + r);
            }
            sources.add(source);
            urls.add(source.base().toString());
        }
        Files.write(dir.resolve("sources.txt"), urls);
    }

    /** Starts a node JVM (its log in target/quartz-cluster-test/node-{id}.log, kept for a post-mortem). */
    Process start(String id) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx192m",
                "-Dlog4j2.configurationFile=classpath:log4j2-cluster-node.properties"));
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), QuartzClusterNode.class.getName(), id, url,
                prefix, dir.resolve("sources.txt").toString(), mirrorRoot().toString(), events(id).toString(), cron,
                String.valueOf(routeDelay), extra));
        ProcessBuilder pb = new ProcessBuilder(command);
        Path logs = Files.createDirectories(Path.of("target", "quartz-cluster-test"));
        pb.redirectErrorStream(true).redirectOutput(log(id).toFile());
        Process p = pb.start();
        nodes.put(id, p);
        return p;
    }

    Path log(String id) {
        return Path.of("target", "quartz-cluster-test", prefix + "node-" + id + ".log");
    }

    /** Waits until the node printed that it started; fails with its log when it exited instead. */
    void awaitStarted(String id) throws Exception {
        try {
            awaitStartedOrFail(id);
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError("node " + id + " did not start in time; its threads:\n" + threads(id), e);
        }
    }

    /** The node's thread dump (jcmd), for a post-mortem. */
    String threads(String id) throws Exception {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                String.valueOf(nodes.get(id).pid()), "Thread.print").redirectErrorStream(true).start();
        String dump = new String(jcmd.getInputStream().readAllBytes());
        jcmd.waitFor();
        return dump;
    }

    private void awaitStartedOrFail(String id) {
        await().atMost(Duration.ofSeconds(180)).until(() -> {
            String text = Files.exists(log(id)) ? Files.readString(log(id)) : "";
            if (!nodes.get(id).isAlive() || text.contains("failed to start")) {
                throw new AssertionError("node " + id + " did not start:\n" + tail(text));
            }
            return text.contains("node " + id + " started");
        });
    }

    Path mirrorRoot() {
        return dir.resolve("mirror");
    }

    Path events(String id) {
        return dir.resolve(id + ".events");
    }

    /** Every event line of every node: {@code node route eventId}. */
    List<String> allEvents() throws IOException {
        List<String> all = new ArrayList<>();
        for (String id : nodes.keySet()) {
            all.addAll(EventFiles.lines(events(id)));
        }
        return all;
    }

    /** Events delivered per node. */
    Map<String, Integer> eventsPerNode() throws IOException {
        Map<String, Integer> per = new HashMap<>();
        for (String line : allEvents()) {
            per.merge(line.substring(0, line.indexOf(' ')), 1, Integer::sum);
        }
        return per;
    }

    /** Distinct {@code route eventId} pairs delivered by any node. */
    long distinctEvents() throws IOException {
        return allEvents().stream().map(l -> l.substring(l.indexOf(' ') + 1)).distinct().count();
    }

    /** The node's lease statistics, as its meters count them: polls, skipped, handOvers, lost. */
    Map<String, Long> stats(String id) throws IOException {
        Path file = Path.of(events(id) + ".stats");
        Map<String, Long> stats = new HashMap<>();
        if (Files.exists(file)) {
            for (String pair : Files.readString(file).strip().split(" ")) {
                String[] kv = pair.split("=");
                if (kv.length == 2) {
                    stats.put(kv[0], Long.parseLong(kv[1]));
                }
            }
        }
        return stats;
    }

    /** Every lease taken, from the lease log: {@code [lease_hash hex, token, owner, acquired_at, held_until]}. */
    List<Object[]> leaseLog() throws Exception {
        List<Object[]> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT encode(lease_hash, 'hex'), token, owner, acquired_at, held_until FROM "
                                            + prefix + "lease_log ORDER BY lease_hash, token")) {
            while (rs.next()) {
                rows.add(new Object[] { rs.getString(1), rs.getLong(2), rs.getString(3), rs.getLong(4), rs.getLong(5) });
            }
        }
        return rows;
    }

    /** Leases taken (polls run) per node, from the lease log. */
    Map<String, Integer> leasesPerNode() throws Exception {
        Map<String, Integer> per = new java.util.TreeMap<>();
        for (Object[] row : leaseLog()) {
            per.merge((String) row[2], 1, Integer::sum);
        }
        return per;
    }

    /** Pairs of leases of one Source that overlap in time (none, when the fencing holds). */
    List<String> overlappingLeases() throws Exception {
        List<String> overlaps = new ArrayList<>();
        Object[] previous = null;
        for (Object[] row : leaseLog()) {
            if (previous != null && previous[0].equals(row[0]) && (long) row[3] < (long) previous[4]) {
                overlaps.add("token " + previous[1] + " of " + previous[2] + " held until " + previous[4] + ", token "
                             + row[1] + " of " + row[2] + " taken at " + row[3]);
            }
            previous = row;
        }
        return overlaps;
    }

    /** The database's clock (epoch ms), the one the leases are timed by. */
    long dbMillis() throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT CAST(EXTRACT(EPOCH FROM CLOCK_TIMESTAMP()) * 1000 AS BIGINT)")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * For each Source whose last lease before {@code since} was {@code node}'s: ms from {@code since} to its first
     * lease by another node, or {@code -1} when none took it yet.
     */
    List<Long> takeOverDelays(String node, long since) throws Exception {
        String log = prefix + "lease_log";
        String sql = "WITH last AS (SELECT DISTINCT ON (lease_hash) lease_hash, owner FROM " + log
                     + " WHERE acquired_at < ? ORDER BY lease_hash, token DESC) SELECT (SELECT min(l.acquired_at) FROM "
                     + log + " l WHERE l.lease_hash = last.lease_hash AND l.acquired_at >= ? AND l.owner <> last.owner)"
                     + " FROM last WHERE last.owner = ?";
        List<Long> delays = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); java.sql.PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, since);
            ps.setLong(2, since);
            ps.setString(3, node);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long at = rs.getLong(1);
                    delays.add(rs.wasNull() ? -1 : at - since);
                }
            }
        }
        return delays;
    }

    /** Every row of the state tables (Source resume points and resource states), as hex, to compare two moments. */
    List<String> stateRows() throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            for (String q : List.of("SELECT encode(source_hash, 'hex') || ' ' || encode(state, 'hex') FROM " + prefix
                                    + "source ORDER BY 1", "SELECT encode(location_hash, 'hex') || ' ' || encode(state,"
                                                           + " 'hex') FROM " + prefix + "resource ORDER BY 1")) {
                try (ResultSet rs = st.executeQuery(q)) {
                    while (rs.next()) {
                        rows.add(rs.getString(1));
                    }
                }
            }
        }
        return rows;
    }

    /** Changes one resource of every Source. */
    void changeEverySource() {
        for (int s = 0; s < sources.size(); s++) {
            sources.get(s).change("/res/r0.txt", "source " + s + " changed");
        }
    }

    /** Every Source's mirror equals the Source. */
    void assertEveryMirror() throws IOException {
        for (int s = 0; s < sources.size(); s++) {
            MirrorAssertions.assertMirrors(sources.get(s).snapshot(), mirrorRoot().resolve("s" + s));
        }
    }

    static String tail(String text) {
        return text.length() > 6000 ? text.substring(text.length() - 6000) : text;
    }

    @Override
    public void close() throws Exception {
        for (Process p : nodes.values()) {
            p.destroyForcibly().waitFor();
        }
        for (TestSource s : sources) {
            s.close();
        }
        TestDatabase.dropTables(url, prefix);
    }
}
