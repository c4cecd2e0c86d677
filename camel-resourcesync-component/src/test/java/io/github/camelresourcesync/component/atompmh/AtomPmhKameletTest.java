package io.github.camelresourcesync.component.atompmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.component.atompmh.AtomPmhConsumerTest.HEAD;
import static io.github.camelresourcesync.component.atompmh.AtomPmhConsumerTest.entry;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped {@code atom-pmh-source} Kamelet in a real CamelContext, from YAML and from Java: a route to a mirror
 * mirrors a multi-document archived feed, takes only new entries on the next poll, applies all three deletion forms,
 * and keeps its progress in the state directory across a restart.
 */
class AtomPmhKameletTest {

    @TempDir
    Path dir;

    private TestHttpServer server;
    private CamelContext context;
    private final List<String> seen = new CopyOnWriteArrayList<>();

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

    private static String t(int minute) {
        return String.format("2024-01-01T00:%02d:00Z", minute);
    }

    private void serveArchivedFeed() {
        server.serve("/archive/1", HEAD + "<updated>" + t(2) + "</updated>"
                                   + entry("urn:a", t(1), "/records/a.xml") + entry("urn:b", t(2), "/records/b.xml")
                                   + "</feed>", "application/atom+xml");
        server.serve("/archive/2", HEAD + "<updated>" + t(4) + "</updated><link rel=\"prev-archive\""
                                   + " href=\"/archive/1\"/>" + entry("urn:c", t(3), "/records/c.xml")
                                   + entry("urn:d", t(4), "/records/d.xml") + "</feed>", "application/atom+xml");
        server.serve("/feed", HEAD + "<updated>" + t(4) + "</updated><link rel=\"prev-archive\" href=\"/archive/2\"/>"
                              + "</feed>", "application/atom+xml");
        for (String r : List.of("a", "b", "c", "d", "e")) {
            server.serve("/records/" + r + ".xml", "<" + r + "/>", "application/xml");
        }
    }

    private CamelContext newContext() throws Exception {
        CamelContext ctx = new DefaultCamelContext();
        ctx.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:seen").process(e -> seen.add(e.getIn().getHeader("CamelResourceSyncChange") + " "
                                                           + e.getIn().getHeader(AtomPmhConstants.ATOM_ID)));
            }
        });
        return ctx;
    }

    private Path mirror() {
        return dir.resolve("mirror");
    }

    private String kameletParameters() {
        return "feedUrl=" + server.uri("/feed") + "&period=100&stateDirectory=" + dir.resolve("state");
    }

    @Test
    void yamlRoute() throws Exception {
        serveArchivedFeed();
        context = newContext();
        String yaml = """
                - route:
                    id: atom-to-mirror
                    from:
                      uri: kamelet:atom-pmh-source
                      parameters:
                        feedUrl: "%s"
                        period: 100
                        mediaTypes: application/xml
                        stateDirectory: "%s"
                      steps:
                        - to: "resourcesync-mirror:%s"
                        - to: direct:seen
                """.formatted(server.uri("/feed"), dir.resolve("state"), mirror());
        PluginHelper.getRoutesLoader(context).loadRoutes(ResourceHelper.fromString("atom.yaml", yaml));
        context.start();
        mirrorsThenIncrementsThenDeletes();
    }

    @Test
    void javaRouteAndRestart() throws Exception {
        serveArchivedFeed();
        context = newContext();
        context.addRoutes(javaRoute());
        context.start();
        mirrorsThenIncrementsThenDeletes();
        context.stop();
        // a restart resumes from the state directory: a few polls, nothing delivered again
        seen.clear();
        server.clearRecorded();
        context = newContext();
        context.addRoutes(javaRoute());
        context.start();
        await().atMost(60, TimeUnit.SECONDS).until(() -> server.requests("/feed") >= 3);
        assertEquals(List.of(), seen);
        assertTrue(Files.exists(dir.resolve("state").resolve(AtomPmhComponent.STATE_FILE)));
    }

    @Test
    void cronInsteadOfPeriod() throws Exception {
        serveArchivedFeed();
        context = newContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("kamelet:atom-pmh-source?feedUrl=" + server.uri("/feed") + "&fetchContent=false"
                     + "&cron=0/1+*+*+*+*+?&stateDirectory=" + dir.resolve("state")).to("direct:seen");
            }
        });
        context.start();
        await().atMost(60, TimeUnit.SECONDS).until(() -> seen.size() == 4);
        AtomPmhEndpoint endpoint = context.getEndpoints().stream().filter(AtomPmhEndpoint.class::isInstance)
                .map(AtomPmhEndpoint.class::cast).findFirst().orElseThrow();
        assertEquals("0/1 * * * * ?", endpoint.getSchedulerProperties().get("cron"));
        assertFalse(endpoint.getConfiguration().isFetchContent());
    }

    private RouteBuilder javaRoute() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("kamelet:atom-pmh-source?" + kameletParameters()).to("resourcesync-mirror:" + mirror())
                        .to("direct:seen");
            }
        };
    }

    private void mirrorsThenIncrementsThenDeletes() throws Exception {
        await().atMost(60, TimeUnit.SECONDS).until(() -> seen.size() == 4);
        assertEquals(List.of("created urn:a", "created urn:b", "created urn:c", "created urn:d"), seen);
        assertEquals("<d/>", Files.readString(mirror().resolve("records/d.xml")));

        // next poll: a new record, a deletion entry for a, a tombstone for b; only these are delivered
        server.serve("/archive/3", HEAD + "<updated>" + t(4) + "</updated><link rel=\"prev-archive\""
                                   + " href=\"/archive/2\"/></feed>", "application/atom+xml");
        server.serve("/feed", HEAD + "<updated>" + t(7) + "</updated><link rel=\"prev-archive\" href=\"/archive/3\"/>"
                              + entry("urn:e", t(5), "/records/e.xml")
                              + "<entry><title>gone</title><id>urn:a</id><updated>" + t(6) + "</updated><content/>"
                              + "</entry><at:deleted-entry ref=\"urn:b\" when=\"" + t(7) + "\"/></feed>",
                "application/atom+xml");
        await().atMost(60, TimeUnit.SECONDS).until(() -> seen.size() == 7);
        assertEquals(List.of("created urn:e", "deleted urn:a", "deleted urn:b"), seen.subList(4, 7));
        assertFalse(Files.exists(mirror().resolve("records/a.xml")));
        assertFalse(Files.exists(mirror().resolve("records/b.xml")));
        assertTrue(Files.exists(mirror().resolve("records/e.xml")));

        // the publisher switches to a complete feed: c is no longer listed, so it is deleted
        server.serve("/feed", HEAD + "<updated>" + t(8) + "</updated><fh:complete"
                              + " xmlns:fh=\"http://purl.org/syndication/history/1.0\"/>"
                              + entry("urn:d", t(4), "/records/d.xml") + entry("urn:e", t(5), "/records/e.xml")
                              + "</feed>", "application/atom+xml");
        await().atMost(60, TimeUnit.SECONDS).until(() -> seen.size() == 8);
        assertEquals("deleted urn:c", seen.get(7));
        assertFalse(Files.exists(mirror().resolve("records/c.xml")));
        assertTrue(Files.exists(mirror().resolve("records/d.xml")));
    }
}
