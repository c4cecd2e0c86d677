package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A resume point has one owner: a second route on the same source, state id and store refuses to start, naming both
 * routes, instead of silently sharing the first one's resume point and each delivering part of the changes. With
 * their own state ids both deliver everything.
 */
class ResumePointOwnerTest {

    @TempDir
    Path dir;

    private final TestHttpServer server = TestHttpServer.start();
    private CamelContext context;
    private final List<String> first = new CopyOnWriteArrayList<>();
    private final List<String> second = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        server.close();
    }

    private String source() {
        server.serve("/res/a.txt", "alpha", "text/plain");
        server.serve("/resourcelist.xml", """
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                <url><loc>%s</loc></url></urlset>""".formatted(server.uri("/res/a.txt")), "application/xml");
        return "resourcesync:" + server.uri("/resourcelist.xml") + "?delay=3600000&stateDirectory=" + dir;
    }

    @Test
    void aSecondRouteOnTheSameResumePointRefusesToStartNamingBoth() {
        String from = source();
        context = new DefaultCamelContext();
        Exception e = assertThrows(Exception.class, () -> {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from(from).routeId("bundled").to("mock:a");
                    from(from + "&fetchContent=false").routeId("mine").to("mock:b");
                }
            });
            context.start();
        });
        String message = rootMessage(e);
        assertTrue(message.contains("'bundled'") && message.contains("'mine'"), message);
        assertTrue(message.contains("both harvest " + server.uri("/resourcelist.xml") + " (no stateId) into the same"
                                    + " state store"), message);
        assertTrue(message.contains("Give each route its own stateId (e.g. stateId=mine)"), message);
    }

    /** Two routes given one stateId: the refusal names that stateId, the thing to change. */
    @Test
    void aSecondRouteWithTheSameStateIdRefusesToStartNamingIt() {
        String from = source() + "&stateId=shared";
        context = new DefaultCamelContext();
        Exception e = assertThrows(Exception.class, () -> {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from(from).routeId("first").to("mock:a");
                    from(from + "&fetchContent=false").routeId("second").to("mock:b");
                }
            });
            context.start();
        });
        String message = rootMessage(e);
        assertTrue(message.contains("Routes 'first' and 'second' both harvest " + server.uri("/resourcelist.xml")
                                    + " with stateId shared into the same state store"), message);
    }

    @Test
    void withTheirOwnStateIdsBothRoutesDeliverEverything() throws Exception {
        String from = source();
        startTwo(from + "&stateId=one", "one", from + "&stateId=two", "two", true);
        await().atMost(30, TimeUnit.SECONDS).until(() -> first.size() == 1 && second.size() == 1);
        assertEquals(List.of("alpha"), first);
        assertEquals(List.of("alpha"), second);
    }

    /**
     * The same Source written two ways, by its Source Description and by its Capability List: the configured URLs
     * differ, but both reach the state of the one Capability List. The second route's polls fail naming both routes
     * and the state key, and deliver nothing; once the first route stops, the second one follows on from the state.
     */
    @Test
    void twoUrlsOfOneSourceCannotBothHarvestIntoTheSameState() throws Exception {
        try (TestSource source = new TestSource()) {
            source.put("/res/a.txt", "alpha");
            String state = "?delay=20&stateDirectory=" + dir;
            startTwo("resourcesync:" + source.uri("/.well-known/resourcesync") + state, "byDescription",
                    "resourcesync:" + source.uri("/capabilitylist.xml") + state, "byCapabilityList", false);
            await().atMost(Polls.TIMEOUT).until(() -> first.size() == 1);
            context.getRouteController().startRoute("byCapabilityList");
            SyncEventPollingConsumer refused = Polls.consumer(context, "byCapabilityList");
            Polls.awaitFullPolls(refused, 1);
            source.change("/res/b.txt", "beta");
            await().atMost(Polls.TIMEOUT).until(() -> first.size() == 2);
            Polls.awaitFullPolls(refused, 2);

            assertEquals(List.of("alpha", "beta"), first);
            assertEquals(List.of(), second, "the second route harvests nothing");
            String error = refused.getLastPollError();
            assertTrue(error.contains("'byDescription'") && error.contains("'byCapabilityList'"), error);
            assertTrue(error.contains("state key " + source.uri("/capabilitylist.xml")), error);
            assertTrue(refused.getFailedPolls() >= 3, "every poll of the second route failed");

            context.getRouteController().stopRoute("byDescription");
            source.change("/res/c.txt", "gamma");
            await().atMost(Polls.TIMEOUT).until(() -> second.size() == 1);
            assertEquals(List.of("gamma"), second, "alone, it follows on from the shared state");
        }
    }

    /** A route that stopped gave its resume point up: another route on it starts and polls (a redeployment). */
    @Test
    void aStoppedRouteGivesItsResumePointUpToTheNext() throws Exception {
        String from = source();
        startTwo(from, "old", from + "&fetchContent=true", "new", false);
        await().atMost(Polls.TIMEOUT).until(() -> first.size() == 1);
        context.getRouteController().stopRoute("old");
        context.getRouteController().startRoute("new");
        SyncEventPollingConsumer next = Polls.consumer(context, "new");
        await().atMost(Polls.TIMEOUT).until(() -> next.getPolls() >= 1);
        assertEquals(0, next.getFailedPolls(), () -> "the next route's poll failed: " + next.getLastPollError());
    }

    /**
     * A Source whose Source Description points to another Capability List and later back: the route that followed it
     * gave the first one up when it moved, so another route could take it meanwhile; when the Source comes back, the
     * first route's polls fail naming both routes and that state key, instead of both harvesting into it.
     */
    @Test
    void aCapabilityListGivenUpAndFoundAgainIsClaimedAgain() throws Exception {
        try (LiteralSource source = new LiteralSource()) {
            for (String list : List.of("a", "b")) {
                source.xml("/" + list + "/capabilitylist.xml", URLSET + """
                          <rs:ln rel="up" href="{base}/.well-known/resourcesync"/>
                          <rs:md capability="capabilitylist"/>
                          <url><loc>{base}/%s/resourcelist.xml</loc><rs:md capability="resourcelist"/></url>
                        </urlset>""".formatted(list));
                source.xml("/" + list + "/resourcelist.xml", URLSET + """
                          <rs:md capability="resourcelist" at="2024-01-01T00:00:10Z"/>
                          <url><loc>{base}/res/%s.txt</loc><lastmod>2024-01-01T00:00:01Z</lastmod></url>
                        </urlset>""".formatted(list)).text("/res/" + list + ".txt", list);
            }
            pointTo(source, "a");
            // every poll reads the Source Description again
            String state = "?delay=50&initialDelay=0&rediscoveryInterval=1&stateDirectory=" + dir;
            startTwo("resourcesync:" + source.base() + state, "follower",
                    "resourcesync:" + source.origin() + "/a/capabilitylist.xml" + state, "direct", false);
            SyncEventPollingConsumer follower = Polls.consumer(context, "follower");
            await().atMost(Polls.TIMEOUT).until(() -> first.contains("a"));

            pointTo(source, "b");
            await().atMost(Polls.TIMEOUT).until(() -> first.contains("b"));
            // the follower gave list a up: another route may harvest it now
            context.getRouteController().startRoute("direct");
            SyncEventPollingConsumer direct = Polls.consumer(context, "direct");
            Polls.awaitFullPolls(direct, 1);
            assertEquals(0, direct.getFailedPolls(), () -> "list a was still claimed: " + direct.getLastPollError());

            pointTo(source, "a");
            long failedBefore = follower.getFailedPolls();
            Polls.awaitFullPolls(follower, 2);
            assertTrue(follower.getFailedPolls() > failedBefore, "the follower's polls of list a failed");
            String error = follower.getLastPollError();
            assertTrue(error != null && error.contains("'direct'") && error.contains("'follower'")
                       && error.contains("state key " + source.origin() + "/a/capabilitylist.xml"), error);
            assertEquals(0, direct.getFailedPolls(), () -> "the route that took list a keeps it: "
                                                           + direct.getLastPollError());
        }
    }

    /** The Source Description lists only the Capability List {@code /<list>/capabilitylist.xml}. */
    private static void pointTo(LiteralSource source, String list) {
        source.xml("/.well-known/resourcesync", URLSET + """
                  <rs:md capability="description"/>
                  <url><loc>{base}/%s/capabilitylist.xml</loc><rs:md capability="capabilitylist"/></url>
                </urlset>""".formatted(list));
    }

    /** Starts a route {@code one} delivering bodies to {@link #first} and a route {@code two} to {@link #second}. */
    private void startTwo(String fromOne, String one, String fromTwo, String two, boolean startTwo) throws Exception {
        context = new DefaultCamelContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(fromOne).routeId(one).process(x -> first.add(x.getIn().getBody(String.class)));
                from(fromTwo).routeId(two).autoStartup(startTwo)
                        .process(x -> second.add(x.getIn().getBody(String.class)));
            }
        });
        context.start();
    }

    private static String rootMessage(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c.getMessage()).append(" | ");
        }
        return b.toString();
    }
}
