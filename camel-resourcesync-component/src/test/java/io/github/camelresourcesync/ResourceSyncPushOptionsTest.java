package io.github.camelresourcesync;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpHandler;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.notify.HubClient;
import io.github.camelresourcesync.notify.HubSignature;
import io.github.camelresourcesync.notify.WebSubPublisher;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TcpProxy;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestHub;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The push options a user sets on the endpoint, as the hub sees them: the callback URL it is told ({@code
 * pushCallbackPath}, or the route id), when and where the configured {@code pushTopic} is subscribed ({@code pushHub}
 * on another host, a topic whose discovery failed), and how often an unverified request is sent again ({@code
 * pushVerifyTimeout}'s default). Loopback Source, hub and Camel HTTP server; the route polls once an hour.
 */
class ResourceSyncPushOptionsTest extends PushRouteTestSupport {

    private static final String SECRET = "options-test-secret";

    private final List<Exchange> events = new CopyOnWriteArrayList<>();
    private final List<TestHttpServer> servers = new CopyOnWriteArrayList<>();

    @Override
    protected TestSource newSource() throws Exception {
        return new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
    }

    @Override
    protected void closeOthers() {
        servers.forEach(TestHttpServer::close);
    }

    /** A push route with this id and these options; {@code firstPoll}: its initial delay in ms. */
    private ResourceSyncConsumer startRoute(String routeId, long firstPoll, String options) throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&delay=3600000&initialDelay=" + firstPoll
                     + "&push=true&pushSecret=" + SECRET + "&pushCallbackUrl=http://127.0.0.1:" + httpPort + options)
                        .routeId(routeId)
                        .process(e -> events.add(e.copy()));
            }
        });
        return (ResourceSyncConsumer) context.getRoute(routeId).getConsumer();
    }

    private List<URI> callbacksAtTheHub() {
        return hub.subscriptions().stream().map(TestHub.Subscription::callback).distinct().toList();
    }

    /** A topic the route discovers its hub from (WebSub discovery: {@code Link rel="hub"}), on this server. */
    private URI discoverableTopic(TestHttpServer server, HttpHandler... answers) {
        servers.add(server);
        server.handle("/topic", TestHttpServer.sequence(answers));
        return server.uri("/topic");
    }

    private TestHttpServer.Resource topicNamingTheHub() {
        return TestHttpServer.Resource.of("<urlset/>").contentType("application/xml")
                .header("Link", "<" + hub.uri() + ">; rel=\"hub\"");
    }

    @Test
    void theCallbackIsServedAtTheConfiguredPathAndTheHubIsToldThatUrl() throws Exception {
        source.hub(hub.uri());
        startRoute("sync", 0, "&pushCallbackPath=hooks/resourcesync-feed");
        await().atMost(Polls.TIMEOUT).until(() -> events.size() == 2 && hub.subscriptions().size() == 2);
        assertEquals(List.of(URI.create("http://127.0.0.1:" + httpPort + "/hooks/resourcesync-feed")),
                callbacksAtTheHub());
        // the hub's deliveries to that URL reach the route
        source.change("/res/a.txt", "alpha 2");
        try (HubClient client = new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.ANY))) {
            new WebSubPublisher(hub.uri(), client).publish(source.changeTopic(), source.changeNotification(1));
        }
        await().atMost(Polls.TIMEOUT).until(() -> events.size() == 3);
        assertEquals("alpha 2", events.get(2).getIn().getBody(String.class));
    }

    @Test
    void withoutAPathTheCallbackIsNamedAfterTheRouteId() throws Exception {
        source.hub(hub.uri());
        startRoute("feed one/β", 0, "");
        await().atMost(Polls.TIMEOUT).until(() -> events.size() == 2 && hub.subscriptions().size() == 2);
        assertEquals(List.of(URI.create("http://127.0.0.1:" + httpPort + "/resourcesync/push/feed_one__")),
                callbacksAtTheHub());
    }

    @Test
    void theConfiguredTopicIsSubscribedAtStartNotAfterTheFirstPoll() throws Exception {
        ResourceSyncConsumer consumer = startRoute("sync", 3_600_000,
                "&pushTopic=" + source.changeTopic() + "&pushHub=" + hub.uri());
        await().atMost(Polls.TIMEOUT).until(() -> hub.subscriptions().size() == 1);
        assertEquals(0, consumer.getPolls(), "subscribed before any poll");
        assertEquals(source.changeTopic().toString(), hub.subscriptions().get(0).topic());
    }

    /**
     * A signed framework notification (a capability document changed) makes the pass it wakes read the Capability
     * List anew: here the Source moved its Change List, and the change listed only in the new one comes at once, not
     * after {@code rediscoveryInterval}.
     */
    @Test
    void aFrameworkNotificationMakesThePassReadTheCapabilityListAnew() throws Exception {
        try (LiteralSource moving = new LiteralSource()) {
            moving.capabilities("resourcelist", "changelist")
                    .xml("/resourcelist.xml", LiteralSource.URLSET + """
                              <rs:md capability="resourcelist" at="2024-01-01T00:00:10Z"/>
                              <url><loc>{base}/res/a.txt</loc></url>
                            </urlset>""")
                    .xml("/changelist.xml", LiteralSource.URLSET + """
                              <rs:md capability="changelist" from="2024-01-01T00:00:10Z"/>
                            </urlset>""")
                    .text("/res/a.txt", "alpha");
            URI topic = moving.base().resolve("notification/framework.xml");
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + moving.base() + "?stateStore=#store&delay=3600000&initialDelay=0"
                         + "&push=true&pushSecret=" + SECRET + "&pushCallbackUrl=http://127.0.0.1:" + httpPort
                         + "&pushTopic=" + topic + "&pushHub=" + hub.uri())
                            .routeId("sync").process(e -> events.add(e.copy()));
                }
            });
            ResourceSyncConsumer consumer = (ResourceSyncConsumer) context.getRoute("sync").getConsumer();
            await().atMost(Polls.TIMEOUT).until(() -> events.size() == 1 && hub.subscriptions().size() == 1);

            // the Change List moves; the old one stays, with nothing new in it
            moving.xml("/capabilitylist.xml", LiteralSource.URLSET + """
                      <rs:ln rel="up" href="{base}/.well-known/resourcesync"/>
                      <rs:md capability="capabilitylist"/>
                      <url><loc>{base}/resourcelist.xml</loc><rs:md capability="resourcelist"/></url>
                      <url><loc>{base}/changes/changelist.xml</loc><rs:md capability="changelist"/></url>
                    </urlset>""")
                    .xml("/changes/changelist.xml", LiteralSource.URLSET + """
                              <rs:md capability="changelist" from="2024-01-01T00:00:10Z"/>
                              <url><loc>{base}/res/b.txt</loc><rs:md change="created" datetime="2024-01-01T00:00:20Z"/></url>
                            </urlset>""")
                    .text("/res/b.txt", "bravo");
            byte[] notification = (LiteralSource.URLSET + """
                      <rs:md capability="framework-notification"/>
                      <url><loc>%s/capabilitylist.xml</loc><rs:md capability="capabilitylist" change="updated"
                        datetime="2024-01-01T00:00:20Z"/></url>
                    </urlset>""".formatted(moving.origin())).getBytes(StandardCharsets.UTF_8);
            assertEquals(202, hub.forge(consumer.push().callback(), topic.toString(), notification,
                    HubSignature.sign("sha256", SECRET, notification)));
            await().atMost(Polls.TIMEOUT).until(() -> events.size() == 2);
            assertEquals("bravo", events.get(1).getIn().getBody(String.class));
        }
    }

    /**
     * A route stopped while its context runs unsubscribes, stops answering at its callback, and closes its connections
     * to the hub and its threads.
     */
    @Test
    void aStoppedRouteClosesItsConnectionsToTheHub() throws Exception {
        try (TcpProxy proxy = new TcpProxy(hub.uri().getHost(), hub.uri().getPort())) {
            ResourceSyncConsumer consumer = startRoute("sync", 3_600_000, "&pushTopic=" + source.changeTopic()
                                                                           + "&pushHub=http://127.0.0.1:" + proxy.port()
                                                                           + hub.uri().getPath());
            await().atMost(Polls.TIMEOUT).until(() -> hub.subscriptions().size() == 1);
            URI callback = consumer.push().callback();
            context.getRouteController().stopRoute("sync");
            assertEquals(List.of(), hub.subscriptions(), "unsubscribed on stop");
            byte[] notification = source.changeNotification(1);
            assertEquals(404, hub.forge(callback, source.changeTopic().toString(), notification,
                    HubSignature.sign("sha256", SECRET, notification)), "nothing answers at the callback any more");
            await().atMost(10, TimeUnit.SECONDS).untilAsserted(() -> assertEquals(0, proxy.openConnections(),
                    "the stopped route's connections to the hub"));
            await().atMost(10, TimeUnit.SECONDS).untilAsserted(() -> assertEquals(List.of(),
                    TestContexts.threads(context, "ResourceSyncPush"), "the stopped route's push threads"));
        }
    }

    @Test
    void aConfiguredHubOnAnotherHostIsAllowed() throws Exception {
        // the Source is 127.0.0.1; the user names the hub by another name of the loopback host
        URI elsewhere = URI.create(hub.uri().toString().replace("127.0.0.1", "localhost"));
        startRoute("sync", 0, "&pushTopic=" + source.changeTopic() + "&pushHub=" + elsewhere);
        await().atMost(Polls.TIMEOUT).until(() -> hub.subscriptions().size() == 1);
        assertEquals(source.changeTopic().toString(), hub.subscriptions().get(0).topic());
    }

    @Test
    void aConfiguredTopicOnAnotherHostIsAllowed() throws Exception {
        // the topic is on 127.0.0.2, the Source on 127.0.0.1: discovering its hub fetches it
        URI topic = discoverableTopic(TestHttpServer.startOn("127.0.0.2"), topicNamingTheHub());
        startRoute("sync", 0, "&pushTopic=" + topic);
        await().atMost(Polls.TIMEOUT).until(() -> hub.subscriptions().size() == 1);
        assertEquals(topic.toString(), hub.subscriptions().get(0).topic());
    }

    @Test
    void aConfiguredTopicWhoseDiscoveryFailedIsSubscribedAfterTheNextPoll() throws Exception {
        TestHttpServer server = TestHttpServer.start();
        URI topic = discoverableTopic(server, TestHttpServer.Resource.of("<urlset/>")
                .contentType("application/xml"), topicNamingTheHub());
        ResourceSyncConsumer consumer = startRoute("sync", 3_600_000, "&pushTopic=" + topic);
        // at start the topic names no hub yet: discovery fails, no hub is asked
        await().atMost(Polls.TIMEOUT).until(() -> server.requests("/topic") == 1);
        assertEquals(0, hub.subscribeRequests());
        consumer.run();
        await().atMost(Polls.TIMEOUT).until(() -> hub.subscriptions().size() == 1);
        assertEquals(topic.toString(), hub.subscriptions().get(0).topic());
        assertEquals(2, server.requests("/topic"));
    }

    @Test
    void aConfiguredTopicWhoseDiscoveryKeepsFailingIsTriedAfterEachPollBesideTheAdvertisedChannels()
            throws Exception {
        source.hub(hub.uri()); // the Capability List advertises its own two channels
        TestHttpServer server = TestHttpServer.start();
        HttpHandler noHubYet = TestHttpServer.Resource.of("<urlset/>").contentType("application/xml");
        URI topic = discoverableTopic(server, noHubYet, noHubYet, topicNamingTheHub());
        ResourceSyncConsumer consumer = startRoute("sync", 3_600_000, "&pushTopic=" + topic);
        await().atMost(Polls.TIMEOUT).until(() -> server.requests("/topic") == 1);
        // the first poll: discovery fails again, the advertised channels are subscribed
        consumer.run();
        await().atMost(Polls.TIMEOUT).until(() -> server.requests("/topic") == 2 && hub.subscriptions().size() == 2);
        // the next poll tries the configured topic again, though other channels are subscribed now
        consumer.run();
        await().atMost(Polls.TIMEOUT).until(() -> hub.subscriptions().size() == 3);
        assertEquals(3, server.requests("/topic"));
        // subscribed: later polls do not discover it again (an attempt they queued would run within a second)
        consumer.run();
        consumer.run();
        Thread.sleep(1000);
        assertEquals(3, server.requests("/topic"));
    }

    @Test
    void anUnverifiedRequestIsSentAgainOnlyAfterAMinuteByDefault() throws Exception {
        source.hub(hub.uri());
        hub.verify(false); // answers 202 and never verifies
        ResourceSyncConsumer consumer = startRoute("sync", 0, "");
        await().atMost(Polls.TIMEOUT).until(() -> events.size() == 2 && hub.subscribeRequests() >= 2);
        // pushVerifyTimeout is 60 s by default: no channel is asked for again for a good while
        Thread.sleep(Duration.ofSeconds(2).toMillis());
        assertEquals(2, hub.subscribeRequests(), "subscription requests within about 2 s");
        Map<String, Object> details = consumer.getHealthCheck().call(Map.of()).getDetails();
        assertEquals(2, details.get("resourcesync.push.requested"), details.toString());
        hub.verify(true); // the stopping route's unsubscriptions are verified at once
    }
}
