package io.github.camelresourcesync.notify;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Discovery and publishing against real loopback servers (the cases of the WebSub subscriber test suite). */
class HubClientTest {

    private final HubClient client = new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.ANY));

    @Test
    void hubAndSelfFromLinkHeaders() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            server.serve("/topic", TestHttpServer.Resource.of("<urlset/>")
                    .header("Link", "<https://hub.example/hub>; rel=\"hub\", <" + server.uri("/topic")
                                    + "?canonical>; rel=\"self\""));
            Channel c = client.discover(server.uri("/topic"));
            assertEquals(URI.create("https://hub.example/hub"), c.hub());
            assertEquals(server.uri("/topic?canonical"), c.topic());
        }
    }

    @Test
    void topicRedirectsAreFollowedAndTheFinalUrlIsTheTopic() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            server.redirect("/old", 302, server.uri("/new").toString());
            server.serve("/new", TestHttpServer.Resource.of("<urlset/>")
                    .header("Link", "</hub>; rel=\"hub\""));
            Channel c = client.discover(server.uri("/old"));
            assertEquals(server.uri("/new"), c.topic());
            assertEquals(server.uri("/hub"), c.hub(), "relative to the final URL");
        }
    }

    @Test
    void aTopicWithoutHubSaysSo() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            server.serve("/topic", "<urlset/>", "application/xml");
            IOException e = assertThrows(IOException.class, () -> client.discover(server.uri("/topic")));
            assertTrue(e.getMessage().contains("rel=\"hub\""), e.getMessage());
        }
    }

    @Test
    void fatPingCarriesSelfAndHubLinks() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            server.handle("/hub", TestHttpServer.status(202));
            WebSubPublisher publisher = new WebSubPublisher(server.uri("/hub"), client);
            publisher.publish(URI.create("http://source.example/notify"), "<urlset/>".getBytes(StandardCharsets.UTF_8));
            TestHttpServer.Request r = server.lastRequest("/hub");
            assertEquals("POST", r.method());
            assertEquals("<urlset/>", new String(r.body(), StandardCharsets.UTF_8));
            assertTrue(r.header("Link").contains("<http://source.example/notify>; rel=\"self\""), r.header("Link"));
            assertTrue(r.header("Link").contains("rel=\"hub\""), r.header("Link"));
            publisher.ping(URI.create("http://source.example/notify"));
            String form = new String(server.lastRequest("/hub").body(), StandardCharsets.UTF_8);
            assertTrue(form.contains("hub.mode=publish"), form);
            assertTrue(form.contains("hub.topic=http%3A%2F%2Fsource.example%2Fnotify"), form);
        }
    }

    @Test
    void aRefusingHubIsAnErrorNamingHubTopicAndAnswer() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            server.handle("/hub", TestHttpServer.text(400, "unknown topic"));
            WebSubPublisher publisher = new WebSubPublisher(server.uri("/hub"), client);
            IOException e = assertThrows(IOException.class,
                    () -> publisher.publish(URI.create("http://source.example/notify"), new byte[0]));
            assertTrue(e.getMessage().contains("HTTP 400 unknown topic"), e.getMessage());
            assertTrue(e.getMessage().contains("http://source.example/notify"), e.getMessage());
        }
    }

    @Test
    void onlyA2xxAnswerIsAcceptance() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            WebSubPublisher publisher = new WebSubPublisher(server.uri("/hub"), client);
            URI topic = URI.create("http://source.example/notify");
            server.handle("/hub", TestHttpServer.status(200));
            publisher.publish(topic, new byte[0]);
            server.handle("/hub", TestHttpServer.status(299));
            publisher.publish(topic, new byte[0]);
            // 300 without a Location is not followed: the hub did not take the notification
            server.handle("/hub", TestHttpServer.status(300));
            IOException e = assertThrows(IOException.class, () -> publisher.publish(topic, new byte[0]));
            assertTrue(e.getMessage().contains("HTTP 300"), e.getMessage());
        }
    }

    @Test
    void aRefusedPublishPingIsAnErrorNamingWhatWasRefused() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            server.handle("/hub", TestHttpServer.text(422, "topic not registered"));
            WebSubPublisher publisher = new WebSubPublisher(server.uri("/hub"), client);
            IOException e = assertThrows(IOException.class,
                    () -> publisher.ping(URI.create("http://source.example/notify")));
            assertTrue(e.getMessage().contains("refused the hub.mode=publish for topic http://source.example/notify"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("HTTP 422 topic not registered"), e.getMessage());
        }
    }

    @Test
    void theHubsAnswerIsKeptTo500Characters() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            String exactly = "x".repeat(500);
            server.handle("/hub", TestHttpServer.text(400, exactly));
            assertEquals(exactly, client.postForm(server.uri("/hub"), Map.of()).body());
            server.handle("/hub", TestHttpServer.text(400, exactly + "yz"));
            assertEquals(exactly + "...", client.postForm(server.uri("/hub"), Map.of()).body());
        }
    }

    @Test
    void aTopicAnsweringAnErrorIsNoTopicEvenWithAHubLink() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            for (int status : new int[] {300, 404}) {
                server.handle("/topic", ex -> {
                    ex.getResponseHeaders().set("Link", "<https://hub.example/hub>; rel=\"hub\"");
                    TestHttpServer.respond(ex, status, "site-wide headers on an error page");
                });
                IOException e = assertThrows(IOException.class, () -> client.discover(server.uri("/topic")));
                assertTrue(e.getMessage().contains("HTTP " + status), e.getMessage());
            }
        }
    }

    @Test
    void channelsAdvertisedInACapabilityList() {
        Entry change = new Entry(URI.create("http://s/notify/cl"), null, md("changelist-notification"),
                List.of(Link.of("hub", URI.create("http://hub/"))), false);
        Entry framework = new Entry(URI.create("http://s/notify/fw"), null, md("framework-notification"),
                List.of(Link.of("hub", URI.create("http://hub/"))), false);
        Entry noHub = new Entry(URI.create("http://s/notify/x"), null, md("changelist-notification"), null, false);
        Entry list = new Entry(URI.create("http://s/changelist.xml"), null, md("changelist"), null, false);
        List<Channel> channels = Channel.advertised(List.of(list, change, noHub, framework));
        assertEquals(List.of(new Channel(change.loc(), URI.create("http://hub/"), Capability.CHANGELIST_NOTIFICATION),
                new Channel(framework.loc(), URI.create("http://hub/"), Capability.FRAMEWORK_NOTIFICATION)), channels);
    }

    private static Metadata md(String capability) {
        return new Metadata(capability, null, null, null, null, null, null, null, null, null, null, null, null);
    }
}
