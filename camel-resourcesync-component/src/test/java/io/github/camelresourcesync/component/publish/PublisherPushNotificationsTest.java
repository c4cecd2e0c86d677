package io.github.camelresourcesync.component.publish;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TcpProxy;
import io.github.camelresourcesync.testsupport.TestHub;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a publisher with {@code pushHub} tells the hub ({@link PublisherPush}, fat pings to a {@link TestHub}): topics
 * under the baseUrl however it is written, the notifications still queued when the route stops, and a framework
 * notification for each document created after the publisher opened.
 */
class PublisherPushNotificationsTest {

    private static final String ORIGIN = "https://origin.example/res/";

    @TempDir
    Path tmp;

    private TestHub hub;
    private CamelContext context;
    private Path site;

    @BeforeEach
    void start() throws Exception {
        hub = new TestHub();
        site = tmp.resolve("site");
        context = new DefaultCamelContext();
        context.start();
    }

    @AfterEach
    void stop() {
        context.stop();
        hub.close();
    }

    private void startPublisher(String baseUrl, String options) throws Exception {
        startPublisher(baseUrl, hub.uri().toString(), options);
    }

    private void startPublisher(String baseUrl, String pushHub, String options) throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                // flushSize=1: each change is listed, and announced, as its exchange completes
                from("direct:publish").routeId("publish").to("resourcesync-publish:" + site + "?baseUrl=" + baseUrl
                                                              + "&flushSize=1&pushHub=" + pushHub + options);
            }
        });
    }

    private void publish(String name) {
        context.createProducerTemplate().requestBodyAndHeaders("direct:publish", "body of " + name,
                Map.of(ResourceSyncConstants.LOCATION, ORIGIN + name), Object.class);
    }

    /** The payloads the hub received for {@code topic}, each split into its {@code <url>} entries. */
    private List<String> entries(String topic) {
        return hub.publications().stream().filter(p -> p.topic().equals(topic))
                .flatMap(p -> Arrays.stream(p.text().split("<url>")).skip(1)).toList();
    }

    /** A baseUrl without its final slash: the topics, and the topic documents, are still under it. */
    @Test
    void aBaseUrlWithoutItsFinalSlashHasItsTopicsUnderIt() throws Exception {
        startPublisher("https://mirror.example/rs", "");
        publish("a.txt");
        String changeTopic = "https://mirror.example/rs/notification/changelist.xml";
        await().atMost(10, TimeUnit.SECONDS).untilAsserted(() -> assertEquals(List.of(changeTopic),
                hub.publications().stream().map(TestHub.Publication::topic).distinct().toList()));
        assertTrue(entries(changeTopic).get(0).contains("<loc>" + ORIGIN + "a.txt</loc>"), entries(changeTopic)
                .toString());
        String capabilityList = Files.readString(site.resolve("capabilitylist.xml"));
        assertTrue(capabilityList.contains("<loc>" + changeTopic + "</loc>"), capabilityList);
        assertTrue(capabilityList.contains("<loc>https://mirror.example/rs/notification/framework.xml</loc>"),
                capabilityList);
        assertTrue(Files.readString(site.resolve("notification/changelist.xml")).contains(ORIGIN + "a.txt"),
                "the topic's document is where the topic URL serves it");
    }

    /** Notifications still queued when the route stops are posted before it has stopped, even to a slow hub. */
    @Test
    void notificationsQueuedWhenTheRouteStopsStillReachTheHub() throws Exception {
        // each post takes a second: the changes after the first wait in the queue while it is posted
        hub.answerDelay(1000);
        startPublisher("https://mirror.example/rs/", "");
        List<String> names = List.of("a.txt", "b.txt", "c.txt", "d.txt");
        names.forEach(this::publish);
        context.getRouteController().stopRoute("publish");

        String all = String.join("", entries("https://mirror.example/rs/notification/changelist.xml"));
        for (String name : names) {
            assertTrue(all.contains("<loc>" + ORIGIN + name + "</loc>"), name + " reached the hub: " + all);
        }
    }

    /**
     * The Resource List split into parts after the publisher opened: each new part is announced once on the
     * framework channel as a created Resource List with its index; the documents there at open are not announced.
     */
    @Test
    void resourceListPartsCreatedAfterTheOpenAreAnnouncedWithTheirIndex() throws Exception {
        startPublisher("https://mirror.example/rs/", "&resourceListSize=2&resourceListInterval=0");
        publish("a.txt");
        publish("b.txt");
        // the third resource splits the Resource List: resourcelist.xml becomes the index of two parts
        publish("c.txt");
        String frameworkTopic = "https://mirror.example/rs/notification/framework.xml";
        await().atMost(10, TimeUnit.SECONDS).untilAsserted(() -> assertTrue(entries(frameworkTopic).size() >= 2,
                () -> "announced: " + entries(frameworkTopic)));
        publish("d.txt"); // rewrites both parts: rewrites are not announced
        publish("e.txt"); // a third part
        await().atMost(10, TimeUnit.SECONDS).untilAsserted(() -> assertTrue(entries(frameworkTopic).size() >= 3,
                () -> "announced: " + entries(frameworkTopic)));
        context.getRouteController().stopRoute("publish"); // what is queued is posted

        List<String> announced = entries(frameworkTopic);
        assertEquals(List.of(1, 2, 3).stream().map(n -> "https://mirror.example/rs/resourcelists/resourcelist-0000"
                                                          + n + ".xml").toList(),
                announced.stream().map(e -> e.substring(e.indexOf("<loc>") + 5, e.indexOf("</loc>"))).toList());
        for (String entry : announced) {
            assertTrue(entry.contains("capability=\"resourcelist\"") && entry.contains("change=\"created\""),
                    entry);
            assertTrue(entry.contains("<rs:ln rel=\"index\" href=\"https://mirror.example/rs/resourcelist.xml\"/>"),
                    entry);
        }
    }

    /**
     * A publisher that cannot open (a file where its directory should be) fails its route's start with the reason,
     * and leaves no notifier thread behind.
     */
    @Test
    void aPublisherThatCannotOpenFailsTheRouteAndLeavesNoNotifierBehind() throws Exception {
        Files.writeString(site, "a file where the directory should be");
        Exception e = assertThrows(Exception.class, () -> startPublisher("https://mirror.example/rs/", ""));
        String reasons = causes(e);
        assertTrue(reasons.contains(site.toString()), reasons);
        await().atMost(5, TimeUnit.SECONDS).untilAsserted(() -> assertEquals(List.of(),
                TestContexts.threads(context, "ResourceSyncPublishPush"), "the notifier's thread"));
        assertEquals(List.of(), hub.publications());
    }

    /** A route stopped while its context runs closes its connection to the hub at once. */
    @Test
    void aStoppedRouteClosesItsConnectionToTheHub() throws Exception {
        try (TcpProxy proxy = new TcpProxy(hub.uri().getHost(), hub.uri().getPort())) {
            startPublisher("https://mirror.example/rs/", "http://127.0.0.1:" + proxy.port() + hub.uri().getPath(), "");
            publish("a.txt");
            await().atMost(10, TimeUnit.SECONDS).until(() -> !hub.publications().isEmpty());
            assertTrue(proxy.openConnections() > 0, "kept alive for the next notification");
            context.getRouteController().stopRoute("publish");
            await().atMost(10, TimeUnit.SECONDS).untilAsserted(() -> assertEquals(0, proxy.openConnections(),
                    "the stopped route's connections to the hub"));
        }
    }

    private static String causes(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (; t != null; t = t.getCause()) {
            b.append(t).append('\n');
        }
        return b.toString();
    }
}
