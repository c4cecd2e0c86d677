package io.github.camelresourcesync;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.MetashareNode;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly once through the shared consumer base for every source of sync events: the bridges
 * ({@code resourcesync-atompmh:}, {@code resourcesync-metashare:}) commit their state in the exchange's transaction,
 * and a failure after the sink's insert rolls back both; {@code mode=audit} repairs in a transacted route are written
 * once and an audit writes no state. Proved on PostgreSQL through transaction ids, as in {@link TransactedDeliveryTest}:
 * every state row was last written by a transaction that also wrote sink rows.
 */
class TransactedBridgesTest extends TransactedRouteFixture {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final String FEED_HEAD = "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\">"
                                            + "<id>urn:f</id><title>f</title><updated>2024-01-01T01:00:00Z</updated>";
    private static final String INSERT = "sql:INSERT INTO %sevents (event_id, location, tx) VALUES"
                                         + " (:#${header.CamelResourceSyncEventId}, :#${header.CamelResourceSyncLocation},"
                                         + " txid_current())";

    @TempDir
    Path dir;

    private final Set<String> failedOnce = ConcurrentHashMap.newKeySet();


    @Test
    void theAtomPmhBridgeCommitsItsStateInTheExchangesTransaction() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            StringBuilder feed = new StringBuilder(FEED_HEAD);
            for (int i = 0; i < 12; i++) {
                String time = "2024-01-01T00:%02d:00Z".formatted(i);
                feed.append("<entry><title>t").append(i).append("</title><id>urn:e").append(i).append("</id><updated>")
                        .append(time).append("</updated><link rel=\"alternate\" type=\"application/xml\" href=\"/r/e")
                        .append(i).append(".xml\"/></entry>");
                server.serve("/r/e" + i + ".xml", "<e" + i + "/>", "application/xml");
            }
            server.serve("/feed", feed.append("</feed>").toString(), "application/atom+xml");
            deliver("resourcesync-atompmh:" + server.uri("/feed") + "?", l -> l.endsWith("/r/e5.xml"), 12);
        }
    }

    @Test
    void theMetashareBridgeCommitsItsStateInTheExchangesTransaction() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", "pw-tx")) {
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                ids.add(node.add("<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo"
                                 + " xmlns=\"http://www.ilsp.gr/META-XMLSchema\"><identificationInfo><resourceName"
                                 + " lang=\"en\">Record " + i + "</resourceName></identificationInfo></resourceInfo>"));
            }
            String failing = node.recordUri(ids.get(3)).toString();
            deliver("resourcesync-metashare:" + node.baseUri() + "?username=harvester&password=RAW(pw-tx)&",
                    failing::equals, 8);
        }
    }

    @Test
    void auditRepairsInATransactedRouteAreWrittenOnceAndTheAuditWritesNoState() throws Exception {
        Path mirror = Files.createDirectories(dir.resolve("mirror"));
        try (TestSource source = new TestSource();
             LogCapture log = LogCapture.debug("io.github.camelresourcesync.component.support")) {
            for (int i = 0; i < 10; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?mode=audit&auditDirectory=" + mirror
                         + "&auditReport=false&stateStore=#store&initialDelay=0&delay=100")
                            .routeId("audit").transacted()
                            .to(INSERT.formatted(prefix))
                            .process(e -> failOnce(e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class),
                                    l -> l.endsWith("/r3.txt")))
                            .to("resourcesync-mirror:" + mirror); // repaired: the next audit finds it in sync
                }
            });
            await().atMost(PATIENCE).until(() -> count("SELECT COUNT(DISTINCT location) FROM " + prefix + "events") == 10
                    && Files.exists(mirror.resolve("res/r3.txt")));
            context.getRouteController().stopRoute("audit");
            assertEquals(1, failedOnce.size());
            assertEquals(10, count("SELECT COUNT(*) FROM " + prefix + "events"),
                    "every repair once: the failed repair's insert rolled back, the next audit repaired it");
            assertEquals(10, count("SELECT COUNT(DISTINCT tx) FROM " + prefix + "events"), "one transaction a repair");
            assertEquals(0, count("SELECT COUNT(*) FROM " + prefix + "source")
                            + count("SELECT COUNT(*) FROM " + prefix + "resource"), "an audit writes no state");
            assertTrue(log.contains("Route 'audit' is transacted on the DataSource of its state store"), log.lines()
                    .toString());
        }
    }

    /**
     * A transacted route from {@code uri} inserting every event, failing once after the insert for the event whose
     * location {@code fails}: every event once, and every state row written by a transaction that wrote sink rows.
     */
    private void deliver(String uri, Predicate<String> fails, int events) throws Exception {
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri + "stateStore=#store&initialDelay=0&delay=100").routeId("tx").transacted()
                        .to(INSERT.formatted(prefix))
                        .process(e -> failOnce(e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class),
                                fails));
            }
        });
        await().atMost(PATIENCE).until(() -> count("SELECT COUNT(DISTINCT event_id) FROM " + prefix + "events")
                                             == events);
        context.getRouteController().stopRoute("tx");
        assertEquals(1, failedOnce.size(), "the route failed once");
        assertEquals(events, count("SELECT COUNT(*) FROM " + prefix + "events"),
                "every event once: the failed attempt's insert rolled back with its state");
        assertTrue(count("SELECT COUNT(*) FROM " + prefix + "resource") > 0, "the bridge keeps resource state");
        // xmin is the transaction id modulo 2^32; txid_current() is the epoch-extended one
        String sinkTx = "(SELECT tx % 4294967296 FROM " + prefix + "events)";
        for (String table : List.of("source", "resource")) {
            assertEquals(0, count("SELECT COUNT(*) FROM " + prefix + table + " WHERE xmin::text::bigint NOT IN "
                                  + sinkTx), "every " + table + " row commits in a transaction of the sink's writes");
        }
    }

    private void failOnce(String location, Predicate<String> fails) {
        // the sink wrote, then the route fails: both must roll back, the event come again
        if (fails.test(location) && failedOnce.add(location)) {
            throw new IllegalStateException("failing once after the insert");
        }
    }



}
