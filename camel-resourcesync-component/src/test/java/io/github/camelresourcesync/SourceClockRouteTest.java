package io.github.camelresourcesync;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Source's time later than this machine's clock plus {@code clockSkewTolerance} (here the year 3000) never becomes
 * a resume point: the change it dates is delivered, a WARN names the document, the entry and the time, and the
 * genuine changes the Source lists later are still delivered. Without the check the resume point moved to 3000 and
 * every later change was skipped in silence.
 */
class SourceClockRouteTest {

    private static final String FUTURE = "3000-01-01T00:00:00Z";

    private final LiteralSource source = new LiteralSource();
    private final InMemoryStateStore store = new InMemoryStateStore();
    /** change and location path of every delivered event */
    private final List<String> delivered = new CopyOnWriteArrayList<>();
    private CamelContext context;
    private LogCapture log;

    SourceClockRouteTest() throws Exception {
        source.capabilities("resourcelist", "changelist");
        for (String r : List.of("a", "b", "c")) {
            source.text("/res/" + r + ".txt", r);
        }
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        source.close();
        if (log != null) {
            log.close();
        }
    }

    private void start(String uri) throws Exception {
        log = LogCapture.open();
        context = new DefaultCamelContext();
        context.getRegistry().bind("store", store);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri + (uri.contains("?") ? "&" : "?") + "stateStore=#store&delay=100&initialDelay=0")
                        .routeId("sync")
                        .process(e -> delivered.add(e.getIn().getHeader(ResourceSyncConstants.CHANGE, String.class)
                                                    + " " + URI.create(e.getIn().getHeader(
                                                            ResourceSyncConstants.LOCATION, String.class)).getPath()));
            }
        });
        context.start();
    }

    private void resourceList(String at) {
        source.xml("/resourcelist.xml", URLSET + """
                  <rs:md capability="resourcelist" at="%s"/>
                  <url><loc>{base}/res/a.txt</loc><lastmod>2024-01-01T00:00:01Z</lastmod></url>
                </urlset>""".formatted(at));
    }

    private void changeList(String... changes) {
        StringBuilder xml = new StringBuilder(URLSET).append(
                "  <rs:md capability=\"changelist\" from=\"2024-01-01T00:00:10Z\"/>\n");
        for (String c : changes) {
            String[] pathAndTime = c.split("@");
            xml.append("  <url><loc>{base}").append(pathAndTime[0]).append("</loc><rs:md change=\"updated\" datetime=\"")
                    .append(pathAndTime[1]).append("\"/></url>\n");
        }
        source.xml("/changelist.xml", xml.append("</urlset>").toString());
    }

    /** Two polls that read the Source as it is now have completed: {@code event} must have been delivered. */
    private void awaitPolls(String event) {
        Polls.awaitQuiet(context, "sync");
        assertTrue(delivered.contains(event), "not delivered: " + event + "; delivered " + delivered);
    }

    private void assertResumePointNotInTheFuture() {
        Instant resume = store.source(source.origin() + "/capabilitylist.xml").resumeTime();
        assertTrue(resume == null || !resume.isAfter(Instant.now()), "resume point " + resume);
    }

    @Test
    void aChangeDatedInTheYear3000IsDeliveredAndTheChangesListedAfterItToo() throws Exception {
        resourceList("2024-01-01T00:00:10Z");
        changeList("/res/b.txt@" + FUTURE);
        start("resourcesync:" + source.base());
        await().atMost(Polls.TIMEOUT).until(() -> delivered.contains("updated /res/b.txt"));

        changeList("/res/b.txt@" + FUTURE, "/res/c.txt@2025-01-01T00:00:00Z");
        awaitPolls("updated /res/c.txt");
        assertEquals("created /res/a.txt", delivered.get(0));
        assertTrue(log.contains("WARN", source.origin() + "/changelist.xml", source.origin() + "/res/b.txt@" + FUTURE,
                "clockSkewTolerance"), String.join("\n", log.lines()));
        assertResumePointNotInTheFuture();
    }

    @Test
    void aResourceListAtTheYear3000IsNotWhereTheChangeListsAreFollowedFrom() throws Exception {
        resourceList(FUTURE);
        changeList();
        start("resourcesync:" + source.base());
        await().atMost(Polls.TIMEOUT).until(() -> delivered.contains("created /res/a.txt"));
        Polls.awaitQuiet(context, "sync");

        changeList("/res/c.txt@2025-01-01T00:00:00Z");
        awaitPolls("updated /res/c.txt");
        assertTrue(log.contains("WARN", source.origin() + "/resourcelist.xml", FUTURE), String.join("\n", log.lines()));
        assertResumePointNotInTheFuture();
    }

    @Test
    void anAtomEntryUpdatedInTheYear3000DoesNotHideTheEntriesAfterIt() throws Exception {
        try (TestHttpServer feeds = TestHttpServer.start()) {
            String head = "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><id>urn:f</id>"
                          + "<title>f</title><updated>2024-01-01T00:00:00Z</updated>";
            feeds.serve("/feed", head + atomEntry("urn:b", FUTURE, feeds.uri("/res/b.txt")) + "</feed>",
                    "application/atom+xml");
            feeds.serve("/res/b.txt", "b", "text/plain");
            feeds.serve("/res/c.txt", "c", "text/plain");
            start("resourcesync-atompmh:" + feeds.uri("/feed"));
            await().atMost(Polls.TIMEOUT).until(() -> delivered.contains("created /res/b.txt"));

            feeds.serve("/feed", head + atomEntry("urn:b", FUTURE, feeds.uri("/res/b.txt"))
                                 + atomEntry("urn:c", "2025-01-01T00:00:00Z", feeds.uri("/res/c.txt")) + "</feed>",
                    "application/atom+xml");
            awaitPolls("created /res/c.txt");
            assertTrue(log.contains("WARN", feeds.uri("/feed").toString(), FUTURE), String.join("\n", log.lines()));
            Instant resume = store.source(feeds.uri("/feed").toString()).resumeTime();
            assertFalse(resume != null && resume.isAfter(Instant.now()), "resume point " + resume);
        }
    }

    private static String atomEntry(String id, String updated, URI href) {
        return "<entry><title>" + id + "</title><id>" + id + "</id><updated>" + updated + "</updated>"
               + "<link rel=\"alternate\" type=\"text/plain\" href=\"" + href + "\"/></entry>";
    }
}
