package io.github.camelresourcesync.component.atompmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.Polls;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code resourcesync-atompmh:} consumer in a real CamelContext, mirroring a feed served on loopback. */
class AtomPmhConsumerTest {

    static final String HEAD = "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\""
                               + " xmlns:at=\"http://purl.org/atompub/tombstones/1.0\"><id>urn:f</id><title>f</title>";

    @TempDir
    Path dir;

    private TestHttpServer server;
    private CamelContext context;
    private final List<Map<String, Object>> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        server.close();
    }

    static String entry(String id, String time, String href) {
        return "<entry><title>Title " + id + "</title><id>" + id + "</id><updated>" + time + "</updated>"
               + "<link rel=\"alternate\" type=\"application/xml\" href=\"" + href + "\"/></entry>";
    }

    private void startRoute(String options) throws Exception {
        context = new DefaultCamelContext();
        context.getRegistry().bind("store", new InMemoryStateStore());
        Path mirror = dir.resolve("mirror");
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync-atompmh:" + server.uri("/feed") + "?stateStore=#store&initialDelay=0" + options)
                        .routeId("atom")
                        .process(e -> seen.add(Map.copyOf(e.getIn().getHeaders().entrySet().stream()
                                .filter(h -> h.getValue() != null)
                                .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)))))
                        .to("resourcesync-mirror:" + mirror);
            }
        });
        context.start();
    }

    @Test
    void mirrorsAnArchivedFeedThenOnlyNewEntriesThenDeletions() throws Exception {
        server.serve("/archive/1", HEAD + "<updated>2024-01-01T00:02:00Z</updated>"
                                   + entry("urn:a", "2024-01-01T00:01:00Z", "/records/a.xml")
                                   + entry("urn:b", "2024-01-01T00:02:00Z", "/records/b.xml") + "</feed>",
                "application/atom+xml");
        server.serve("/feed", HEAD + "<updated>2024-01-01T00:03:00Z</updated><link rel=\"prev-archive\""
                              + " href=\"/archive/1\"/>" + entry("urn:c", "2024-01-01T00:03:00Z", "/records/c.xml")
                              + "</feed>", "application/atom+xml");
        server.serve("/records/a.xml", "<a/>", "application/xml");
        server.serve("/records/b.xml", "<b/>", "application/xml");
        server.serve("/records/c.xml", "<c/>", "application/xml");
        startRoute("&delay=100");
        Path mirror = dir.resolve("mirror");
        await().atMost(60, TimeUnit.SECONDS).until(() -> Files.exists(mirror.resolve("records/c.xml")));
        assertEquals("<a/>", Files.readString(mirror.resolve("records/a.xml")));
        assertEquals(List.of("urn:a", "urn:b", "urn:c"), seen.stream().map(h -> h.get(AtomPmhConstants.ATOM_ID))
                .toList());
        Map<String, Object> a = seen.get(0);
        assertEquals(server.uri("/records/a.xml").toString(), a.get(ResourceSyncConstants.LOCATION));
        assertEquals("created", a.get(ResourceSyncConstants.CHANGE));
        assertEquals("atom-pmh", a.get(ResourceSyncConstants.CAPABILITY));
        assertEquals("application/xml", a.get(ResourceSyncConstants.MEDIA_TYPE));
        assertEquals("Title urn:a", a.get(AtomPmhConstants.ATOM_TITLE));
        assertEquals("records/a.xml", a.get("CamelFileName"));
        assertEquals(java.time.Instant.parse("2024-01-01T00:01:00Z"), a.get(ResourceSyncConstants.DATETIME));
        assertEquals(server.uri("/records/a.xml") + "@2024-01-01T00:01:00Z", a.get(ResourceSyncConstants.EVENT_ID));

        // next poll: an update, a deletion entry and a tombstone; nothing delivered before comes again
        server.serve("/records/b.xml", "<b2/>", "application/xml");
        server.serve("/feed", HEAD + "<updated>2024-01-01T00:06:00Z</updated><link rel=\"prev-archive\""
                              + " href=\"/archive/1\"/>" + entry("urn:c", "2024-01-01T00:03:00Z", "/records/c.xml")
                              + entry("urn:b", "2024-01-01T00:04:00Z", "/records/b.xml")
                              + "<entry><title>gone</title><id>urn:a</id><updated>2024-01-01T00:05:00Z</updated>"
                              + "<content/></entry><at:deleted-entry ref=\"urn:c\" when=\"2024-01-01T00:06:00Z\"/>"
                              + "</feed>", "application/atom+xml");
        await().atMost(60, TimeUnit.SECONDS).until(() -> !Files.exists(mirror.resolve("records/c.xml")));
        assertFalse(Files.exists(mirror.resolve("records/a.xml")));
        assertEquals("<b2/>", Files.readString(mirror.resolve("records/b.xml")));
        assertEquals(List.of("created", "created", "created", "updated", "deleted", "deleted"),
                seen.stream().map(h -> h.get(ResourceSyncConstants.CHANGE)).toList());
    }

    @Test
    void batchingHandsTheRouteTheSameEventsAsAList() throws Exception {
        server.serve("/feed", HEAD + "<updated>2024-01-01T00:03:00Z</updated>"
                              + entry("urn:a", "2024-01-01T00:01:00Z", "/records/a.xml")
                              + entry("urn:b", "2024-01-01T00:02:00Z", "/records/b.xml")
                              + entry("urn:c", "2024-01-01T00:03:00Z", "/records/c.xml") + "</feed>",
                "application/atom+xml");
        for (String r : List.of("a", "b", "c")) {
            server.serve("/records/" + r + ".xml", "<" + r + "/>", "application/xml");
        }
        List<List<SyncEvent>> batches = new CopyOnWriteArrayList<>();
        context = new DefaultCamelContext();
        context.getRegistry().bind("store", new InMemoryStateStore());
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync-atompmh:" + server.uri("/feed") + "?stateStore=#store&initialDelay=0&delay=100"
                     + "&batching=true")
                        .process(e -> {
                            @SuppressWarnings("unchecked")
                            List<SyncEvent> events = e.getIn().getBody(List.class);
                            for (SyncEvent ev : events) {
                                assertEquals("<" + ev.fileName().substring(8, 9) + "/>",
                                        new String(ev.content().openStream().readAllBytes()));
                            }
                            batches.add(List.copyOf(events));
                        });
            }
        });
        context.start();
        await().atMost(60, TimeUnit.SECONDS).until(() -> !batches.isEmpty());
        Polls.awaitQuiet(context);
        assertEquals(1, batches.size(), "the three entries in one exchange, and not again at the next polls");
        List<SyncEvent> events = batches.get(0);
        assertEquals(List.of("urn:a", "urn:b", "urn:c"), events.stream()
                .map(ev -> ev.extraHeaders().get(AtomPmhConstants.ATOM_ID)).toList());
        assertEquals("atom-pmh", events.get(0).capability());
        assertEquals(server.uri("/records/a.xml"), events.get(0).location());
    }

    @Test
    void aServerErrorOnARepresentationIsRetriedNotSkipped() throws Exception {
        server.serve("/feed", HEAD + "<updated>2024-01-01T00:02:00Z</updated>"
                              + entry("urn:a", "2024-01-01T00:01:00Z", "/records/a.xml")
                              + entry("urn:b", "2024-01-01T00:02:00Z", "/records/b.xml") + "</feed>",
                "application/atom+xml");
        server.handle("/records/a.xml", TestHttpServer.status(500));
        server.serve("/records/b.xml", "<b/>", "application/xml");
        startRoute("&delay=50&maxRetries=0");
        await().atMost(60, TimeUnit.SECONDS).until(() -> server.requests("/records/a.xml") >= 3);
        // b waits behind a: delivery stays in order
        assertTrue(seen.isEmpty());
        server.serve("/records/a.xml", "<a/>", "application/xml");
        await().atMost(60, TimeUnit.SECONDS).until(() -> seen.size() == 2);
        assertTrue(Files.exists(dir.resolve("mirror/records/b.xml")));
    }

    @Test
    void cronSchedulesPollsWithQuartz() throws Exception {
        server.serve("/feed", HEAD + "<updated>2024-01-01T00:01:00Z</updated>"
                              + entry("urn:a", "2024-01-01T00:01:00Z", "/records/a.xml") + "</feed>",
                "application/atom+xml");
        server.serve("/records/a.xml", "<a/>", "application/xml");
        startRoute("&scheduler.cron=0/1+*+*+*+*+?");
        await().atMost(60, TimeUnit.SECONDS).until(() -> seen.size() == 1);
        assertEquals("quartz", ((AtomPmhEndpoint) context.getRoute("atom").getEndpoint()).getScheduler());
    }
}
