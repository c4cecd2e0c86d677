package io.github.camelresourcesync.component.atompmh;

import java.net.URI;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.EndpointServices;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.EndpointServiceRegistry.EndpointService;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a {@code resourcesync-atompmh:} endpoint tells Camel and its user about itself. */
class AtomPmhEndpointTest {

    /**
     * Camel's endpoint service registry (what JMX and {@code camel get service} show) lists the route's feed as an
     * Atom-PMH service, at its URL without the user-info the route was given.
     */
    @Test
    void theFeedIsListedAsAnAtomPmhServiceWithoutItsCredentials() throws Exception {
        try (TestHttpServer server = TestHttpServer.start(); CamelContext context = new DefaultCamelContext()) {
            server.serve("/feed", AtomPmhConsumerTest.HEAD + "<updated>2024-01-01T00:01:00Z</updated></feed>",
                    "application/atom+xml");
            URI feed = server.uri("/feed");
            String withUserInfo = feed.getScheme() + "://reader:s3cret@" + feed.getRawAuthority() + feed.getRawPath();
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync-atompmh:" + withUserInfo + "?stateStore=#store&delay=60000").routeId("atom")
                            .to("mock:seen");
                }
            });
            context.start();
            EndpointService service = EndpointServices.of(context, "resourcesync-atompmh");
            assertEquals("atom-pmh", service.getServiceProtocol());
            assertEquals(feed.toString(), service.getServiceUrl());
            assertEquals("in", service.getDirection());
            assertEquals("atom", service.getRouteId());
        }
    }

    @Test
    void aUriWithoutTheFeedUrlSaysWhatGoesThere() throws Exception {
        EndpointServices.assertRefusedSaying("resourcesync-atompmh:?delay=1000",
                "resourcesync-atompmh: needs the feed URL,"
                + " e.g. resourcesync-atompmh:https://example.org/feed.atom");
    }
}
