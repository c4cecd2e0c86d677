package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import io.github.camelresourcesync.testsupport.TestSource;

/** The node JVMs of {@link ClusterBenchmark}, their files, and what the lease log says about them. */
final class ClusterNodes {
    private final Path work;
    private final String jdbc;
    private final int interval;
    private final int threads;
    private final String checkin;
    private final String xmx;
    private final Map<String, Process> nodes = new LinkedHashMap<>();
    private final Map<String, Integer> starts = new HashMap<>();

    ClusterNodes(Path work, String jdbc, int interval, int threads, String checkin, String xmx) {
        this.work = work;
        this.jdbc = jdbc;
        this.interval = interval;
        this.threads = threads;
        this.checkin = checkin;
        this.xmx = xmx;
    }

    void start(String id) throws IOException {
        int run = starts.merge(id, 1, Integer::sum);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + xmx, "-XX:+ExitOnOutOfMemoryError", "-Dlog4j2.configurationFile=log4j2.properties", "-cp",
                System.getProperty("java.class.path"), ClusterNode.class.getName(), id, jdbc,
                work.resolve("sources.txt").toString(), work.resolve("mirror").toString(),
                work.resolve(id + "-" + run + ".events").toString(), String.valueOf(interval),
                String.valueOf(threads), checkin));
        Path log = Path.of("target", "cluster-benchmark", id + "-" + run + ".log");
        Files.createDirectories(log.getParent());
        nodes.put(id, new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start());
    }

    void awaitStarted(String id) throws Exception {
        Path log = Path.of("target", "cluster-benchmark", id + "-" + starts.get(id) + ".log");
        for (int i = 0; i < 1200; i++) {
            String text = Files.exists(log) ? Files.readString(log) : "";
            if (text.contains("node " + id + " started")) {
                return;
            }
            if (!nodes.get(id).isAlive() || text.contains("failed to start")) {
                throw new IllegalStateException("node " + id + " did not start, see " + log);
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("node " + id + " did not start in 10 minutes, see " + log);
    }

    /** The directory of the Sources' list, the mirrors and the nodes' events files. */
    Path work() {
        return work;
    }

    /** Copies the events files next to the nodes' logs, for looking into what was delivered again. */
    void keepEvents() throws IOException {
        Path dir = Path.of("target", "cluster-benchmark");
        try (Stream<Path> files = Files.list(work)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".events"))::iterator) {
                Files.copy(f, dir.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    void kill(String id) throws InterruptedException {
        nodes.get(id).destroyForcibly().waitFor();
    }

    void stopAll() throws InterruptedException {
        for (Process p : nodes.values()) {
            p.destroyForcibly().waitFor();
        }
    }

    /** Lease counters of each node's latest run. */
    Map<String, String> stats() throws IOException {
        Map<String, String> m = new TreeMap<>();
        for (String id : nodes.keySet()) {
            Path f = work.resolve(id + "-" + starts.get(id) + ".events.stats");
            m.put(id, Files.exists(f) ? Files.readString(f).strip() : "");
        }
        return m;
    }

    String pollsPerNode() throws IOException {
        StringBuilder b = new StringBuilder();
        for (String id : nodes.keySet()) {
            Path f = work.resolve(id + "-" + starts.get(id) + ".events.stats");
            String s = Files.exists(f) ? Files.readString(f).strip() : "";
            b.append(id).append(' ').append(s.isEmpty() ? "-" : s.split(" ")[0]).append("; ");
        }
        return b.toString();
    }

    /** Sources whose mirror ({@code mirror/s<i>/.../res/r<j>.txt}) differs from the Source's resources now. */
    List<String> differingMirrors(List<TestSource> models) throws IOException {
        List<String> differing = new ArrayList<>();
        for (int s = 0; s < models.size(); s++) {
            Map<String, String> mirror = new TreeMap<>();
            Path dir = work.resolve("mirror").resolve("s" + s);
            if (Files.exists(dir)) {
                try (Stream<Path> walk = Files.walk(dir)) {
                    for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                        String rel = dir.relativize(p).toString().replace('\\', '/');
                        if (!p.getFileName().toString().startsWith(".rsync-")) {
                            mirror.put(rel.substring(Math.max(0, rel.lastIndexOf("res/"))), Files.readString(p));
                        }
                    }
                }
            }
            Map<String, String> expected = new TreeMap<>();
            models.get(s).snapshot().forEach((k, v) -> expected.put(k.substring(1), v));
            if (!expected.equals(mirror)) {
                differing.add("s" + s);
            }
        }
        return differing;
    }

    /** Leases taken per owner between two database times: every poll that ran. */
    Map<String, Long> leasesPerOwner(long from, long to) throws SQLException {
        Map<String, Long> m = new TreeMap<>();
        try (Connection c = DriverManager.getConnection(jdbc); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT owner, count(*) FROM resourcesync_lease_log WHERE acquired_at >= "
                                            + from + " AND acquired_at < " + to + " GROUP BY owner")) {
            while (rs.next()) {
                m.put(rs.getString(1), rs.getLong(2));
            }
        }
        return m;
    }

    /** Pairs of leases of one Source overlapping in time (none when the fencing holds). */
    List<String> overlappingLeases() throws SQLException {
        List<String> overlaps = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(jdbc); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT encode(lease_hash, 'hex'), token, owner, acquired_at, held_until"
                                            + " FROM resourcesync_lease_log ORDER BY lease_hash, token")) {
            String hash = null;
            long heldUntil = 0;
            String owner = null;
            while (rs.next()) {
                if (rs.getString(1).equals(hash) && rs.getLong(4) < heldUntil) {
                    overlaps.add(owner + " until " + heldUntil + " / " + rs.getString(3) + " from " + rs.getLong(4));
                }
                hash = rs.getString(1);
                heldUntil = rs.getLong(5);
                owner = rs.getString(3);
            }
        }
        return overlaps;
    }

    /**
     * For the Sources the killed node polled last before the kill: seconds from the kill to their first lease by
     * another node (median, max), and how many never moved.
     */
    String takeOverDelays(String killed, long killedAt) throws SQLException {
        String sql = "WITH last AS (SELECT DISTINCT ON (lease_hash) lease_hash, owner FROM resourcesync_lease_log"
                     + " WHERE acquired_at < " + killedAt + " ORDER BY lease_hash, token DESC)"
                     + " SELECT (SELECT min(l.acquired_at) FROM resourcesync_lease_log l WHERE l.lease_hash ="
                     + " last.lease_hash AND l.acquired_at >= " + killedAt + " AND l.owner <> last.owner)"
                     + " FROM last WHERE last.owner = '" + killed + "'";
        List<Long> delays = new ArrayList<>();
        int never = 0;
        try (Connection c = DriverManager.getConnection(jdbc); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                long at = rs.getLong(1);
                if (rs.wasNull()) {
                    never++;
                } else {
                    delays.add(at - killedAt);
                }
            }
        }
        delays.sort(null);
        if (delays.isEmpty()) {
            return never + " Sources, none moved";
        }
        return String.format("%,d Sources, polled by another node after %.1f s (median), %.1f s (max)%s",
                delays.size() + never, delays.get(delays.size() / 2) / 1000.0, delays.get(delays.size() - 1) / 1000.0,
                never == 0 ? "" : ", " + never + " not polled by another node before the end (the restarted node"
                                  + " took them again)");
    }
}
