package io.github.camelresourcesync.component.publish;

import io.github.camelresourcesync.ResourceSyncConstants;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.validate.Finding;
import io.github.camelresourcesync.validate.Rule;
import io.github.camelresourcesync.validate.Severity;
import io.github.camelresourcesync.validate.ValidateOptions;
import io.github.camelresourcesync.validate.ValidationReport;
import io.github.camelresourcesync.validate.Validator;
import io.github.camelresourcesync.notify.Channel;
import io.github.camelresourcesync.notify.HubClient;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestHub;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WebSub discovery from the built-in serving ({@link PublishedSourceRoutes} on platform-http with Vert.x): the topic
 * documents a publisher with {@code pushHub} writes carry {@code Link} rel self, hub and resourcesync, so a hub that
 * fetches the topic ({@code pushMode=publish}) and a subscriber given only the topic URL find the hub.
 */
class PublishedTopicLinksTest {

    @TempDir
    Path tmp;

    private TestHub hub;
    private CamelContext context;
    private int port;
    private URI base;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        hub = new TestHub();
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        base = URI.create("http://127.0.0.1:" + port + "/rs/");
        context = TestContexts.servingPublishedSource(tmp.resolve("state"), port, tmp.resolve("site"), "/rs");
        context.start();
    }

    @AfterEach
    void stop() {
        context.stop();
        hub.close();
    }

    private void startPublisher(String options) throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:publish").to("resourcesync-publish:" + tmp.resolve("site") + "?baseUrl="
                                          + base + "&flushSize=1" + options);
            }
        });
    }

    private void publishAndAwaitTopic(String name) {
        context.createProducerTemplate().sendBodyAndHeaders("direct:publish", "body of " + name,
                Map.of(ResourceSyncConstants.LOCATION, "http://origin.example/" + name));
        // the notifier writes the topic document on its own thread
        await().atMost(10, TimeUnit.SECONDS)
                .until(() -> Files.isRegularFile(tmp.resolve("site/notification/changelist.xml")));
    }

    private HttpResponse<String> request(String method, URI uri, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).method(method, HttpRequest.BodyPublishers.noBody());
        if (headers.length > 0) {
            b.headers(headers);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void topicDocumentsCarrySelfHubAndResourceSyncLinks() throws Exception {
        // changeListSize=1: the second change rotates the list, which is announced on the framework channel
        startPublisher("&pushHub=" + hub.uri() + "&pushMode=publish&changeListSize=1");
        publishAndAwaitTopic("a.txt");
        publishAndAwaitTopic("b.txt");
        await().atMost(10, TimeUnit.SECONDS)
                .until(() -> Files.isRegularFile(tmp.resolve("site/notification/framework.xml")));
        URI topic = base.resolve("notification/changelist.xml");
        String expected = "<" + topic + ">; rel=\"self\", <" + hub.uri() + ">; rel=\"hub\", <"
                          + base.resolve("capabilitylist.xml") + ">; rel=\"resourcesync\"";

        HttpResponse<String> get = request("GET", topic);
        assertEquals(200, get.statusCode());
        assertTrue(get.body().contains("changelist-notification"), get.body());
        assertEquals(List.of(expected), get.headers().allValues("Link"));
        HttpResponse<String> head = request("HEAD", topic);
        assertEquals(List.of(expected), head.headers().allValues("Link"));
        HttpResponse<String> notModified = request("GET", topic, "If-None-Match",
                get.headers().firstValue("ETag").orElseThrow());
        assertEquals(304, notModified.statusCode());
        assertEquals(List.of(expected), notModified.headers().allValues("Link"), "a revalidating hub keeps them");

        URI framework = base.resolve("notification/framework.xml");
        assertEquals(List.of("<" + framework + ">; rel=\"self\", <" + hub.uri() + ">; rel=\"hub\", <"
                             + base.resolve("capabilitylist.xml") + ">; rel=\"resourcesync\""),
                request("GET", framework).headers().allValues("Link"));
        assertNull(request("GET", base.resolve("capabilitylist.xml")).headers().firstValue("Link").orElse(null),
                "other documents carry no WebSub links");
        assertNull(request("GET", base.resolve("changelist.xml")).headers().firstValue("Link").orElse(null));

        Channel discovered = new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.ANY)).discover(topic);
        assertEquals(topic, discovered.topic());
        assertEquals(hub.uri(), discovered.hub());
    }

    @Test
    void aPublisherWithAHubIsAValidSourceWithItsChannelsAndHub() throws Exception {
        startPublisher("&pushHub=" + hub.uri() + "&changeListSize=1&storeContent=true");
        publishAndAwaitTopic("a.txt");
        publishAndAwaitTopic("b.txt");
        List<Finding> clean = validate();
        assertEquals(List.of(), clean.stream().filter(f -> f.severity() != Severity.INFO).map(Finding::message)
                .toList());
        // the channels were checked: with the hub gone, each advertised channel is an error
        hub.close();
        List<String> hubGone = validate().stream().filter(f -> f.rule() == Rule.NOTIFICATION_HUB)
                .map(Finding::loc).sorted().toList();
        assertEquals(List.of(base.resolve("notification/changelist.xml").toString(),
                base.resolve("notification/framework.xml").toString()), hubGone);
    }

    private List<Finding> validate() throws IOException {
        List<Finding> found = new java.util.ArrayList<>();
        try (HttpFetcher fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY))) {
            ValidationReport report = new Validator(fetcher, new ValidateOptions().sample(10)).validate(base,
                    found::add);
            assertTrue(report.complete() && report.entries() > 0, report.text());
        }
        return found;
    }

    @Test
    void aConsumerGivenOnlyTheTopicUrlDiscoversTheHubAndSubscribes() throws Exception {
        startPublisher("&pushHub=" + hub.uri());
        publishAndAwaitTopic("a.txt");
        URI topic = base.resolve("notification/changelist.xml");
        // a Source that advertises no channel: the topic URL is the only lead to the hub
        try (TestSource other = new TestSource()) {
            other.put("/res/x.txt", "x");
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + other.base() + "?delay=3600000&initialDelay=0&push=true&pushTopic=" + topic
                         + "&pushCallbackUrl=http://127.0.0.1:" + port + "&pushSecret=s3cret-s3cret")
                            .routeId("follower").to("mock:events");
                }
            });
            await().atMost(10, TimeUnit.SECONDS).until(() -> hub.subscriptions().stream()
                    .anyMatch(s -> s.topic().equals(topic.toString())));
        }
    }

    /** Served before any publisher wrote a Capability List: a file has no channels, so no {@code Link} at all. */
    @Test
    void aFileServedBeforeThereIsACapabilityListHasNoLinkHeader() throws Exception {
        Files.createDirectories(tmp.resolve("site/notification"));
        Files.writeString(tmp.resolve("site/notification/changelist.xml"), "<urlset/>");
        HttpResponse<String> get = request("GET", base.resolve("notification/changelist.xml"));
        assertEquals(200, get.statusCode());
        assertNull(get.headers().firstValue("Link").orElse(null), "not even an empty one");
    }

    @Test
    void withoutPushHubThereIsNoTopicAndDiscoveryFailsWithAMessage() throws Exception {
        startPublisher("");
        context.createProducerTemplate().sendBodyAndHeaders("direct:publish", "alpha",
                Map.of(ResourceSyncConstants.LOCATION, "http://origin.example/a.txt"));
        URI topic = base.resolve("notification/changelist.xml");
        assertEquals(404, request("GET", topic).statusCode());
        IOException e = assertThrows(IOException.class,
                () -> new HubClient(new FetcherConfig().allowedHosts(AllowedHosts.ANY)).discover(topic));
        assertTrue(e.getMessage().contains("advertises no WebSub hub"), e.getMessage());
    }
}
