package io.github.camelresourcesync.component.publish;

import io.github.camelresourcesync.ResourceSyncConstants;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.testsupport.Causes;
import io.github.camelresourcesync.testsupport.TestContexts;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.ResolveEndpointFailedException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PropertyBindingSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The publisher as a Camel producer: the header contract in, {@code CamelResourceSyncPublished} out. */
class PublishProducerTest {

    @TempDir
    Path tmp;

    private String uri() {
        return "resourcesync-publish:" + tmp.resolve("site") + "?baseUrl=http://127.0.0.1:1/rs/"
               + "&storeContent=true";
    }

    private Exchange send(ProducerTemplate t, Object body, Map<String, Object> headers) {
        return t.request(uri(), e -> {
            e.getIn().setBody(body);
            e.getIn().setHeaders(new HashMap<>(headers));
        });
    }

    @Test
    void publishesFromHeadersAndReportsWhetherTheSourceChanged() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.start();
            ProducerTemplate t = context.createProducerTemplate();
            Map<String, Object> headers = Map.of(ResourceSyncConstants.LOCATION, "http://origin.example/a.txt",
                    ResourceSyncConstants.CHANGE, "created",
                    ResourceSyncConstants.DATETIME, "2025-01-02T03:04:05Z",
                    Exchange.CONTENT_TYPE, "text/x-custom");
            Exchange first = send(t, "alpha", headers);
            assertTrue(first.getMessage().getHeader(ResourceSyncConstants.PUBLISHED, Boolean.class));
            Exchange again = send(t, "alpha", headers);
            assertFalse(again.getMessage().getHeader(ResourceSyncConstants.PUBLISHED, Boolean.class),
                    "re-sending an already published event changes nothing");
            // durable at completion, in the documents within flushInterval
            await().atMost(5, TimeUnit.SECONDS).until(
                    () -> Files.readString(tmp.resolve("site/changelist.xml")).contains("<url>"));
            String cl = Files.readString(tmp.resolve("site/changelist.xml"));
            assertTrue(cl.contains("datetime=\"2025-01-02T03:04:05Z\""), cl);
            assertTrue(cl.contains("type=\"text/x-custom\""), cl);
            assertEquals("alpha", Files.readString(tmp.resolve("site/resources/origin.example/a.txt")));
        }
    }

    /** A route stopped while its context runs takes its producer's flush timer with it; started again, it has one. */
    @Test
    void aRouteStoppedWhileTheContextRunsLeavesNoFlushTimerBehind() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("direct:publish").routeId("publish").to(uri() + "&flushInterval=60000");
                }
            });
            context.start();
            assertEquals(1, flushTimers(context), "the producer flushes on a timer");
            for (int round = 0; round < 2; round++) {
                context.getRouteController().stopRoute("publish");
                await().atMost(5, TimeUnit.SECONDS).untilAsserted(() -> assertEquals(0, flushTimers(context),
                        "the stopped route's timer thread"));
                context.getRouteController().startRoute("publish");
                assertEquals(1, flushTimers(context));
            }
        }
    }

    /** The live threads of {@code context}'s flush timers ({@code resourcesync-publish} in the thread's name). */
    private static int flushTimers(CamelContext context) {
        return TestContexts.threads(context, "resourcesync-publish").size();
    }

    @Test
    void eventsWithoutLocationOrWithUnknownChangeFailWithTheReason() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.start();
            ProducerTemplate t = context.createProducerTemplate();
            CamelExecutionException missing = assertThrows(CamelExecutionException.class,
                    () -> t.sendBody(uri(), "x"));
            assertTrue(missing.getCause().getMessage().contains(ResourceSyncConstants.LOCATION));
            CamelExecutionException change = assertThrows(CamelExecutionException.class,
                    () -> t.sendBodyAndHeaders(uri(), "x", Map.of(ResourceSyncConstants.LOCATION,
                            "http://origin.example/a", ResourceSyncConstants.CHANGE, "moved")));
            assertTrue(change.getCause().getMessage().contains("'moved'"), change.getCause().getMessage());
            CamelExecutionException time = assertThrows(CamelExecutionException.class,
                    () -> t.sendBodyAndHeaders(uri(), "x", Map.of(ResourceSyncConstants.LOCATION,
                            "http://origin.example/a", ResourceSyncConstants.DATETIME, "yesterday")));
            assertTrue(time.getCause().getMessage().contains(ResourceSyncConstants.DATETIME));
        }
    }

    /** changeListMaxAge=1h through the endpoint: changes that follow each other at once stay in one list. */
    @Test
    void changeListMaxAgeLeavesAYoungListOpen() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.start();
            ProducerTemplate t = context.createProducerTemplate();
            for (String name : new String[] { "a", "b", "c" }) {
                t.sendBodyAndHeaders(uri() + "&changeListMaxAge=1h&flushSize=1", name,
                        Map.of(ResourceSyncConstants.LOCATION, "http://origin.example/" + name));
            }
            String cl = Files.readString(tmp.resolve("site/changelist.xml"));
            assertTrue(cl.contains("<urlset") && cl.split("<url>", -1).length == 4, "one open list of three: " + cl);
            assertFalse(Files.exists(tmp.resolve("site/changelists")));
        }
    }

    @Test
    void producerWithoutBaseUrlExplainsWhatItNeeds() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.start();
            Exception e = assertThrows(Exception.class,
                    () -> context.getEndpoint("resourcesync-publish:" + tmp.resolve("site")).createProducer());
            assertTrue(e.getMessage().contains("needs baseUrl"), e.getMessage());
        }
    }

    @Test
    void theOldPublisherUriSaysWhereThePublisherMoved() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.start();
            Exception e = assertThrows(Exception.class, () -> context.getEndpoint("resourcesync:publish?directory="
                                                                                   + tmp.resolve("site")
                                                                                   + "&baseUrl=http://x/"));
            String message = Causes.rootMessage(e);
            assertTrue(message.contains("the publisher moved to resourcesync-publish:<directory>"), message);
            Exception producer = assertThrows(UnsupportedOperationException.class,
                    () -> context.getEndpoint("resourcesync:http://127.0.0.1:1/").createProducer());
            assertTrue(producer.getMessage().contains("resourcesync-publish:"), producer.getMessage());
        }
    }

    /** camel.component.resourcesync-publish.* (the generated component configurer) sets every endpoint's default. */
    @Test
    void componentOptionsAreTheDefaultsOfEveryEndpoint() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            PublishComponent component = context.getComponent("resourcesync-publish", PublishComponent.class);
            Map<String, Object> properties = new HashMap<>(
                    Map.of("storeContent", "true", "changeListSize", "7", "userAgent", "hub-client/1"));
            assertTrue(PropertyBindingSupport.build().withReflection(false)
                    .withConfigurer(component.getComponentPropertyConfigurer())
                    .bind(context, component, properties));
            assertTrue(properties.isEmpty(), "unbound: " + properties);
            context.start();
            PublishEndpoint plain = context.getEndpoint("resourcesync-publish:" + tmp.resolve("a")
                                                        + "?baseUrl=http://127.0.0.1:1/a/", PublishEndpoint.class);
            PublishEndpoint own = context.getEndpoint("resourcesync-publish:" + tmp.resolve("b")
                                                      + "?baseUrl=http://127.0.0.1:1/b/&changeListSize=3",
                    PublishEndpoint.class);
            assertTrue(plain.getConfiguration().isStoreContent());
            assertEquals(7, plain.getConfiguration().getChangeListSize());
            assertEquals("hub-client/1", plain.getHttpConfiguration().getUserAgent());
            assertEquals(3, own.getConfiguration().getChangeListSize(), "an endpoint option overrides the component's");
            assertEquals(7, component.getConfiguration().getChangeListSize(), "endpoints get copies");
            // and the publisher does what the component said: the body is stored
            context.createProducerTemplate().sendBodyAndHeaders(plain, "alpha",
                    Map.of(ResourceSyncConstants.LOCATION, "http://origin.example/a.txt"));
            assertEquals("alpha", Files.readString(tmp.resolve("a/resources/origin.example/a.txt")));
        }
    }

    @Test
    void httpOptionsHubRequestsDoNotUseAreNotPublisherOptions() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.start();
            Exception e = assertThrows(ResolveEndpointFailedException.class,
                    () -> context.getEndpoint("resourcesync-publish:" + tmp.resolve("site")
                                              + "?baseUrl=http://x/&maxRetries=3"));
            assertTrue(e.getMessage().contains("maxRetries"), e.getMessage());
            PublishEndpoint ok = context.getEndpoint("resourcesync-publish:" + tmp.resolve("site")
                                                     + "?baseUrl=http://x/&proxyHost=proxy.example&connectTimeout=5s",
                    PublishEndpoint.class);
            assertEquals("proxy.example", ok.getHttpConfiguration().getProxyHost());
            assertEquals(5000, ok.getHttpConfiguration().getConnectTimeout());
        }
    }

}
