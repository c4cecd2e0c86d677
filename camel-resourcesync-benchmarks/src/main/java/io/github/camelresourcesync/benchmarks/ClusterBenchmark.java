package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.camelresourcesync.testsupport.SourceServer;
import io.github.camelresourcesync.testsupport.TestSource;
import org.quartz.impl.StdSchedulerFactory;

/**
 * Many Sources over a Quartz cluster: {@code --nodes} node JVMs ({@link ClusterNode}) run the same route per Source
 * ({@code scheduler=quartz}, clustered JobStoreTX, JDBC state store with leases, one PostgreSQL database of the
 * benchmark's own), {@code --sources} Sources of {@code --per-source} resources served under distinct paths by one
 * generated Source server in this JVM, polled every {@code --interval} seconds for {@code --duration} seconds. While it
 * runs, {@code --changes} Sources change one resource every third of the interval; node 1 is SIGKILLed at
 * {@code --kill-at} seconds and started again at {@code --restart-at}. Then it waits for the mirrors and reports:
 * each node's share of the polls (lease log), whether any two leases of a Source overlapped (lease log), how long
 * the killed node's Sources waited for another node, every mirror against its Source, events delivered twice (and
 * why, {@link ClusterDeliveries}), and
 * the database's transactions per second ({@code pg_stat_database.xact_commit}).
 */
public final class ClusterBenchmark {

    static final String USAGE = """
            ClusterBenchmark [options]
              --sources N       Sources, one route each on every node (default 3000)
              --per-source M    resources per Source (default 5)
              --nodes K         node JVMs (default 3)
              --interval S      seconds between two polls of a Source (default 30)
              --duration S      seconds the cluster runs before the mirrors are checked (default 300)
              --kill-at S       SIGKILL node 1 at S seconds (default 0.4 x duration; 0: no kill)
              --restart-at S    start node 1 again at S seconds (default 0.7 x duration)
              --changes N       Sources changed every third of the interval (default sources / 10)
              --threads T       Quartz threads per node (default 4; each node opens 2 T + 4 connections)
              --checkin MS      Quartz clusterCheckinInterval (default 7500, Quartz's)
              --xmx SIZE        heap of each node (default 512m)
              --admin-jdbc URL  a database to create the benchmark's database from
                                (default jdbc:postgresql://127.0.0.1:5432/test?user=postgres)
              --database NAME   the benchmark's database, dropped and created (default rs_cluster_bench)
            """;

    private ClusterBenchmark() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        int sources = args.getInt("sources", 3000);
        int perSource = args.getInt("per-source", 5);
        int nodeCount = args.getInt("nodes", 3);
        int interval = args.getInt("interval", 30);
        int duration = args.getInt("duration", 300);
        int killAt = args.getInt("kill-at", duration * 4 / 10);
        int restartAt = args.getInt("restart-at", duration * 7 / 10);
        int changes = args.getInt("changes", Math.max(1, sources / 10));
        int threads = args.getInt("threads", 4);
        String checkin = args.get("checkin", "7500");
        String xmx = args.get("xmx", "512m");
        String admin = args.get("admin-jdbc", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres");
        String database = args.get("database", "rs_cluster_bench");
        String jdbc = admin.replaceFirst("/[^/?]+(\\?|$)", "/" + database + "$1");

        System.out.printf("%s%n%d nodes, %,d Sources x %d resources, every %d s, %d s, kill node 1 at %d s, restart"
                          + " at %d s, %d Sources changed every %d s, %d Quartz threads, check-in %s ms%n",
                Machine.describe(xmx), nodeCount, sources, perSource, interval, duration, killAt, restartAt, changes,
                Math.max(1, interval / 3), threads, checkin);
        recreateDatabase(admin, database);
        createQuartzTables(jdbc);

        Path work = Files.createTempDirectory("rs-cluster-");
        List<TestSource> models = new ArrayList<>();
        try (SourceServer server = SourceServer.builder().threads(8).threadName("cluster-sources")
                .start(path -> site(models, path))) {
            List<String> urls = new ArrayList<>();
            for (int s = 0; s < sources; s++) {
                TestSource source = new TestSource(server.uri("/s" + s + "/"));
                for (int r = 0; r < perSource; r++) {
                    source.put("/res/r" + r + ".txt", "source " + s + " resource " + r);
                }
                models.add(source);
                urls.add(source.uri("/capabilitylist.xml").toString());
            }
            Files.write(work.resolve("sources.txt"), urls);
            ClusterNodes cluster = new ClusterNodes(work, jdbc, interval, threads, checkin, xmx);
            try {
                run(cluster, models, nodeCount, interval, duration, killAt, restartAt, changes, sources, perSource, jdbc,
                        database);
            } finally {
                cluster.stopAll();
            }
        } finally {
            ListingBenchmark.deleteTree(work);
        }
    }

    private static void run(ClusterNodes cluster, List<TestSource> models, int nodeCount, int interval, int duration,
            int killAt, int restartAt, int changes, int sources, int perSource, String jdbc, String database)
            throws Exception {
        String loadBefore = Machine.loadAverage();
        long launched = System.nanoTime();
        for (int n = 1; n <= nodeCount; n++) {
            cluster.start("n" + n);
        }
        for (int n = 1; n <= nodeCount; n++) {
            cluster.awaitStarted("n" + n);
        }
        double startSeconds = (System.nanoTime() - launched) / 1e9;
        long t0 = System.nanoTime();
        long dbT0 = dbMillis(jdbc);
        System.out.printf("all %d nodes started in %.1f s (load avg %s)%n", nodeCount, startSeconds,
                Machine.loadAverage());

        Map<Integer, Long> xacts = new TreeMap<>();
        long killedAtDb = 0;
        boolean killed = false;
        boolean restarted = false;
        int changeEvery = Math.max(1, interval / 3);
        int nextChange = changeEvery;
        int changed = 0;
        int cursor = 0;
        for (int second = 0; second <= duration; second++) {
            long due = t0 + second * 1_000_000_000L;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            if (second % 10 == 0) {
                xacts.put(second, xactCommit(jdbc, database));
                System.out.printf("  %3d s: %s polls per node %s (load avg %s)%n", second,
                        second == 0 ? "" : String.format("%.0f tx/s,", (xacts.get(second) - xacts.get(second - 10)) / 10.0),
                        cluster.pollsPerNode(), Machine.loadAverage());
            }
            if (killAt > 0 && !killed && second >= killAt) {
                cluster.kill("n1");
                killedAtDb = dbMillis(jdbc);
                killed = true;
                System.out.printf("  %3d s: SIGKILLed n1%n", second);
            }
            if (killed && !restarted && second >= restartAt) {
                cluster.start("n1");
                restarted = true;
                System.out.printf("  %3d s: started n1 again%n", second);
            }
            if (second == nextChange && second < duration) {
                for (int c = 0; c < changes; c++) {
                    int s = cursor++ % models.size();
                    models.get(s).change("/res/r" + (changed % perSource) + ".txt", "source " + s + " change " + changed);
                    changed++;
                }
                nextChange += changeEvery;
            }
        }
        long dbEnd = dbMillis(jdbc);
        // settle: every change published before the end reaches a mirror within an interval (plus a lease)
        long settleStart = System.nanoTime();
        List<String> differing = List.of();
        for (int attempt = 0; attempt < 24; attempt++) {
            differing = cluster.differingMirrors(models);
            if (differing.isEmpty()) {
                break;
            }
            Thread.sleep(5000);
        }
        double settle = (System.nanoTime() - settleStart) / 1e9;
        cluster.stopAll();

        Map<String, Long> share = cluster.leasesPerOwner(dbT0, dbEnd);
        long totalPolls = share.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder shares = new StringBuilder();
        share.forEach((node, polls) -> shares.append(String.format("%s %,d (%.1f %%) ", node, polls, 100.0 * polls
                                                                                                     / totalPolls)));
        List<String> overlaps = cluster.overlappingLeases();
        String moved = killed ? cluster.takeOverDelays("n1", killedAtDb) : "no kill";
        ClusterDeliveries events = ClusterDeliveries.read(cluster.work());
        cluster.keepEvents();
        long steadyFrom = Math.min(duration, Math.max(2L * interval, 60));
        long steadyTo = killAt > 0 ? Math.min(killAt / 10 * 10, duration) : duration / 10 * 10;
        String steady = steadyTo > steadyFrom && xacts.containsKey((int) steadyFrom) && xacts.containsKey((int) steadyTo)
                ? String.format("%.0f tx/s from %d s to %d s (all nodes up, after the first pass)",
                        (xacts.get((int) steadyTo) - xacts.get((int) steadyFrom)) / (double) (steadyTo - steadyFrom),
                        steadyFrom, steadyTo)
                : "no steady window";
        int last = xacts.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        System.out.printf("%nRESULTS (load avg before %s, after %s)%n", loadBefore, Machine.loadAverage());
        System.out.printf("nodes started in %.1f s; polls %,d in %d s (%.1f/s); share: %s%n", startSeconds, totalPolls,
                duration, totalPolls / (double) duration, shares.toString().trim());
        System.out.printf("database: %.0f tx/s over the run; %s%n", (xacts.get(last) - xacts.get(0)) / (double) last,
                steady);
        System.out.printf("killed node's Sources: %s%n", moved);
        System.out.printf("overlapping leases of a Source: %d%s%n", overlaps.size(),
                overlaps.isEmpty() ? "" : " e.g. " + overlaps.subList(0, Math.min(3, overlaps.size())));
        System.out.printf("changes published %,d; events delivered %,d, distinct %,d: %,d replayed after their"
                          + " baseline (changed before the Source's first poll: the baseline delivered the new version,"
                          + " the Change List from the Resource List's at delivered it again), %,d delivered again"
                          + " otherwise%s%n", changed, events.total(), events.distinct(), events.replayedAfterBaseline(),
                events.againDeliveries(), events.againDeliveries() == 0 ? "" : ", e.g." + events.againExamples(5));
        System.out.printf("mirrors: %s (settled %.0f s after the end)%n", differing.isEmpty()
                ? "all " + sources + " exact" : differing.size() + " differ, e.g. " + differing.subList(0,
                        Math.min(5, differing.size())), settle);
        System.out.printf("lease counters per node (last run of each): %s%n", cluster.stats());
    }

    private static SourceServer.Answer site(List<TestSource> models, String path) throws IOException {
        // /s<i>/rest: Source i answers /rest
        int slash = path.indexOf('/', 1);
        if (!path.startsWith("/s") || slash < 0) {
            return null;
        }
        int index;
        try {
            index = Integer.parseInt(path.substring(2, slash));
        } catch (NumberFormatException e) {
            return null;
        }
        return index < models.size() ? models.get(index).answer(path.substring(slash)) : null;
    }

    private static void recreateDatabase(String admin, String database) throws SQLException {
        try (Connection c = DriverManager.getConnection(admin); Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
            st.execute("CREATE DATABASE " + database);
        }
    }

    /** Quartz's own DDL for PostgreSQL, from the Quartz jar. */
    private static void createQuartzTables(String jdbc) throws IOException, SQLException {
        String ddl;
        try (InputStream in = StdSchedulerFactory.class.getResourceAsStream(
                "/org/quartz/impl/jdbcjobstore/tables_postgres.sql")) {
            ddl = new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)^--.*$", "");
        }
        try (Connection c = DriverManager.getConnection(jdbc); Statement st = c.createStatement()) {
            for (String statement : ddl.split(";")) {
                String s = statement.strip();
                if (!s.isEmpty() && !s.equalsIgnoreCase("commit")) {
                    st.execute(s);
                }
            }
        }
    }

    private static long xactCommit(String jdbc, String database) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbc); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT xact_commit FROM pg_stat_database WHERE datname = '" + database
                                            + "'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long dbMillis(String jdbc) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbc); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT CAST(EXTRACT(EPOCH FROM CLOCK_TIMESTAMP()) * 1000 AS BIGINT)")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
