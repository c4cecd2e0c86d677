package io.github.camelresourcesync;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import io.github.camelresourcesync.testsupport.TestDatabase;
import io.github.camelresourcesync.testsupport.TestSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Exactly once into PostgreSQL under SIGKILL: a Source of 2,000 resources moves through several steps of changes
 * (changed, deleted, created) while a harvester JVM ({@link TransactedCrashNode}) appends every event to a table
 * without a unique constraint and keeps a records table; the JVM is SIGKILLed at random moments, several times a step,
 * and started again. With a transacted route on the state store's DataSource every event is in the table exactly once
 * and the records table equals the Source; the same without the transaction shows duplicates (so the test can fail).
 * <p>
 * The soak: {@code -Dresourcesync.exactlyOnce.kills=24} (kills spread over the steps; by default 3, 1 with batching and 2 without the transaction, to keep CI short),
 * {@code -Dresourcesync.exactlyOnce.seed=N}; see docs/reliability.md.
 */
class ExactlyOnceCrashTest {

    private static final int RESOURCES = 2_000;
    private static final int CREATED = 100;
    private static final int STEPS = 4; // the baseline, then three steps of changes
    /** Kills per soak, spread over the steps: 6 by default (3 for the two variants), more for the soak. */
    private static final String KILLS = "resourcesync.exactlyOnce.kills";
    private static final long SEED = Long.getLong("resourcesync.exactlyOnce.seed", System.nanoTime());
    private static final Duration PATIENCE = Duration.ofSeconds(180);

    private final List<Process> nodes = new ArrayList<>();
    private String url;
    private String prefix;

    @AfterEach
    void stop() throws Exception {
        for (Process p : nodes) {
            p.destroyForcibly().waitFor();
        }
        if (prefix != null) {
            TestDatabase.dropTables(url, prefix);
        }
    }

    @Test
    void aTransactedRouteWritesEveryEventExactlyOnceThroughRandomKills() throws Exception {
        Result r = soak(true, false, Integer.getInteger(KILLS, 3));
        assertEquals(0, r.duplicates, "no event twice after " + r.kills + " kills (seed " + SEED + ")");
        assertEquals(r.expected, r.distinct, "every event once (seed " + SEED + ")");
    }

    @Test
    void batchingHoldsABatchInOneTransactionThroughRandomKills() throws Exception {
        Result r = soak(true, true, Integer.getInteger(KILLS, 1));
        assertEquals(0, r.duplicates, "no event twice after " + r.kills + " kills (seed " + SEED + ")");
        assertEquals(r.expected, r.distinct, "every event once (seed " + SEED + ")");
    }

    @Test
    void withoutTheTransactionTheSameKillsDeliverEventsTwice() throws Exception {
        Result r = soak(false, false, Integer.getInteger(KILLS, 2));
        assertEquals(r.expected, r.distinct, "at least once: nothing lost (seed " + SEED + ")");
        assertTrue(r.duplicates > 0, "at least once, not exactly once: " + r.kills + " kills should have left"
                + " duplicates (seed " + SEED + ")");
    }

    private record Result(int kills, long expected, long distinct, long duplicates) {
    }

    private Result soak(boolean transacted, boolean batching, int totalKills) throws Exception {
        url = TestDatabase.postgresUrl();
        prefix = TestDatabase.uniquePrefix();
        sql("CREATE TABLE " + prefix + "events (event_id TEXT NOT NULL, location TEXT NOT NULL, change TEXT NOT NULL)");
        sql("CREATE TABLE " + prefix + "records (location TEXT PRIMARY KEY, content TEXT)");
        Random random = new Random(SEED);
        int kills = 0;
        long expected = 0;
        try (TestSource source = new TestSource()) {
            for (int i = 0; i < RESOURCES; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            int next = RESOURCES;
            Process node = null;
            for (int step = 0; step < STEPS; step++) {
                long before = expected;
                int events = RESOURCES;
                if (step > 0) {
                    events = changeStep(source, random, step, next);
                    next += CREATED;
                }
                expected += events;
                int killsThisStep = totalKills / STEPS + (step < totalKills % STEPS ? 1 : 0);
                for (int k = 0; k < killsThisStep; k++) {
                    if (node == null) {
                        node = start(source, transacted, batching, kills);
                    }
                    // a random moment within the step's events: after a random part of them is in the table
                    long at = before + (long) (events * (k + random.nextDouble()) / (killsThisStep + 1));
                    Process n = node;
                    await().atMost(PATIENCE).pollInterval(Duration.ofMillis(5))
                            .until(() -> count("SELECT COUNT(DISTINCT event_id) FROM " + prefix + "events") >= at
                                         || !n.isAlive());
                    Thread.sleep(random.nextInt(50));
                    node.destroyForcibly().waitFor(); // SIGKILL
                    node = null;
                    kills++;
                }
                if (node == null) {
                    node = start(source, transacted, batching, kills);
                }
                long target = expected;
                await().atMost(PATIENCE).until(() -> count("SELECT COUNT(DISTINCT event_id) FROM " + prefix
                        + "events") >= target && records().equals(source.snapshot()));
            }
            node.destroyForcibly().waitFor();
            assertEquals(source.snapshot(), records(), "the records table equals the Source");
        }
        long distinct = count("SELECT COUNT(DISTINCT event_id) FROM " + prefix + "events");
        long all = count("SELECT COUNT(*) FROM " + prefix + "events");
        System.out.printf("exactly-once soak: transacted=%s batching=%s kills=%d expected=%d distinct=%d rows=%d"
                + " seed=%d%n", transacted, batching, kills, expected, distinct, all, SEED);
        return new Result(kills, expected, distinct, all - distinct);
    }

    /** Changes 400 resources, deletes 100 and creates {@value #CREATED}: one event each. */
    private static int changeStep(TestSource source, Random random, int step, int next) {
        Map<String, String> now = source.snapshot();
        List<String> paths = new ArrayList<>(now.keySet());
        java.util.Collections.shuffle(paths, random);
        int changed = 400;
        int deleted = 100;
        int created = CREATED;
        int events = 0;
        for (int i = 0; i < changed; i++) {
            source.change(paths.get(i), "step " + step + " of " + paths.get(i));
            events++;
        }
        for (int i = changed; i < changed + deleted; i++) {
            source.delete(paths.get(i));
            events++;
        }
        for (int i = 0; i < created; i++) {
            source.put("/res/r" + (next + i) + ".txt", "created at step " + step);
            events++;
        }
        return events;
    }

    private Map<String, String> records() throws SQLException {
        Map<String, String> m = new TreeMap<>();
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT location, content FROM " + prefix + "records")) {
            while (rs.next()) {
                m.put(rs.getString(1), rs.getString(2));
            }
        }
        return m;
    }

    private Process start(TestSource source, boolean transacted, boolean batching, int run) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(java.toString(), "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                TransactedCrashNode.class.getName(), source.base().toString(), url, prefix,
                String.valueOf(transacted), String.valueOf(batching));
        Path logs = Files.createDirectories(Path.of("target", "exactly-once-crash"));
        pb.redirectErrorStream(true).redirectOutput(logs.resolve(prefix + "run-" + run + ".log").toFile());
        Process p = pb.start();
        nodes.add(p);
        return p;
    }

    private long count(String query) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void sql(String statement) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.execute(statement);
        }
    }
}
