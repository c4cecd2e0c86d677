package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TcpProxy;
import io.github.camelresourcesync.testsupport.TestDatabase;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shared state database (JdbcStateStore on PostgreSQL) goes away in the middle of a baseline: the connections run
 * through a TCP proxy the test cuts at the route's 100th event (the real PostgreSQL keeps running). The polls fail
 * visibly while it is away, nothing is lost or skipped, and once it is back the harvest completes: every resource
 * delivered at least once, the mirror equal to the Source, the state holding every resource.
 */
class StateDatabaseOutageTest {

    private static final int RESOURCES = 300;
    private static final Pattern HOST_PORT = Pattern.compile("^jdbc:postgresql://([^:/?]+)(?::(\\d+))?/");

    @TempDir
    Path tmp;

    @Test
    void aDatabaseCutMidBaselineFailsPollsVisiblyAndTheHarvestCompletesOnceItIsBack() throws Exception {
        String url = TestDatabase.postgresUrl();
        String prefix = TestDatabase.uniquePrefix();
        Set<String> delivered = ConcurrentHashMap.newKeySet();
        AtomicInteger events = new AtomicInteger();
        try (TcpProxy proxy = databaseProxy(url); TestSource source = new TestSource()) {
            HikariConfig pool = poolThrough(proxy, url);
            for (int i = 0; i < RESOURCES; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            CamelContext context = new DefaultCamelContext();
            try (HikariDataSource dataSource = new HikariDataSource(pool)) {
                JdbcStateStore store = new JdbcStateStore(dataSource);
                store.setTablePrefix(prefix);
                context.getRegistry().bind("sharedState", store);
                context.addRoutes(new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("resourcesync:" + source.base() + "?delay=100&initialDelay=0").routeId("sync")
                                .process(e -> {
                                    delivered.add(e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class));
                                    if (events.incrementAndGet() == 100) {
                                        proxy.cut(); // the database goes away mid-baseline
                                    }
                                })
                                .to("resourcesync-mirror:" + tmp.resolve("mirror"));
                    }
                });
                context.start();
                SyncEventPollingConsumer consumer = Polls.consumer(context, "sync");

                // while it is away: polls fail, the health check says so, the error is there to read
                await().atMost(Polls.TIMEOUT).until(() -> consumer.getFailedPolls() >= 2);
                HealthCheck.Result health = consumer.getHealthCheck().call();
                assertEquals(HealthCheck.State.DOWN, health.getState(), () -> "health while the database is away: "
                        + health.getMessage().orElse("") + " " + health.getDetails());
                assertNotNull(consumer.getLastPollError(), "the failed poll's error is readable");
                assertTrue(proxy.refused() > 0, "the store tried to reconnect while the database was away");

                proxy.restore();
                Set<String> expected = new TreeSet<>();
                source.snapshot().keySet().forEach(p -> expected.add(source.uri(p).toString()));
                String sourceKey = source.uri("/capabilitylist.xml").toString();
                await().atMost(Polls.TIMEOUT).ignoreExceptions() // the pool may still be reconnecting
                        .until(() -> store.resourceCount(sourceKey) == RESOURCES
                        && delivered.containsAll(expected));
                Polls.awaitQuiet(context, "sync");
                assertMirrors(source.snapshot(), tmp.resolve("mirror"));
                assertEquals(expected, new TreeSet<>(delivered), "every resource delivered at least once");
                long failed = consumer.getFailedPolls();

                // and it goes on from the state it wrote: a later change comes, nothing of the baseline again
                int before = events.get();
                source.change("/res/r7.txt", "resource 7, version 2");
                await().atMost(Polls.TIMEOUT).until(() -> events.get() > before);
                Polls.awaitQuiet(context, "sync");
                assertEquals(before + 1, events.get(), "only the later change after the recovery");
                assertEquals(failed, consumer.getFailedPolls(), "no failed poll once the database is back");
                assertEquals(HealthCheck.State.UP, consumer.getHealthCheck().call().getState());
                assertMirrors(source.snapshot(), tmp.resolve("mirror"));
            } finally {
                context.stop();
                TestDatabase.dropTables(url, prefix);
            }
        }
    }

    /**
     * On a cluster (a JDBC store with a node id) each poll first takes its Source's lease in the database: with the
     * database away, that poll fails like any other, with its start, the error and the health check to read.
     */
    @Test
    void aDatabaseAwayWhenAClusteredPollTakesItsLeaseFailsThePollVisibly() throws Exception {
        String url = TestDatabase.postgresUrl();
        String prefix = TestDatabase.uniquePrefix();
        try (TcpProxy proxy = databaseProxy(url); TestSource source = new TestSource().put("/res/a.txt", "alpha")) {
            HikariConfig pool = poolThrough(proxy, url);
            CamelContext context = new DefaultCamelContext();
            try (HikariDataSource dataSource = new HikariDataSource(pool)) {
                JdbcStateStore store = new JdbcStateStore(dataSource);
                store.setTablePrefix(prefix);
                store.setNodeId("node-1");
                context.getRegistry().bind("sharedState", store);
                context.addRoutes(new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("resourcesync:" + source.base() + "?delay=3600000&initialDelay=3600000").routeId("sync")
                                .to("mock:sink");
                    }
                });
                context.start();
                SyncEventPollingConsumer consumer = Polls.consumer(context, "sync");
                proxy.cut();
                consumer.run();

                assertEquals(1, consumer.getFailedPolls());
                assertNotEquals("", consumer.getLastPollStarted(), "the failed poll's start");
                assertNotNull(consumer.getLastPollError());
                assertEquals(HealthCheck.State.DOWN, consumer.getHealthCheck().call().getState());
            } finally {
                proxy.restore();
                context.stop();
                TestDatabase.dropTables(url, prefix);
            }
        }
    }

    /** A proxy in front of the test database, which a test cuts and restores. */
    private static TcpProxy databaseProxy(String url) throws IOException {
        Matcher m = HOST_PORT.matcher(url);
        assertTrue(m.find(), "a PostgreSQL URL with a host: " + url.replaceAll("\\?.*", ""));
        return new TcpProxy(m.group(1), m.group(2) == null ? 5432 : Integer.parseInt(m.group(2)));
    }

    /** What an application would configure: its own pool (here through the proxy), giving up on a connection in 1 s. */
    private static HikariConfig poolThrough(TcpProxy proxy, String url) {
        HikariConfig pool = new HikariConfig();
        pool.setJdbcUrl(HOST_PORT.matcher(url).replaceFirst("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/"));
        pool.setConnectionTimeout(1_000);
        pool.setMaximumPoolSize(4);
        pool.setInitializationFailTimeout(-1);
        return pool;
    }
}
