package io.github.camelresourcesync;

import java.net.URI;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.EndpointServices;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.EndpointServiceRegistry.EndpointService;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a {@code resourcesync:} endpoint tells Camel and its user about itself. */
class ResourceSyncEndpointServiceTest {

    /**
     * Camel's endpoint service registry (what JMX and {@code camel get service} show) lists the route's Source as a
     * ResourceSync service, at its URL without the user-info the route was given.
     */
    @Test
    void theSourceIsListedAsAResourceSyncServiceWithoutItsCredentials() throws Exception {
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha");
             CamelContext context = new DefaultCamelContext()) {
            URI base = source.base();
            String withUserInfo = base.getScheme() + "://reader:s3cret@" + base.getRawAuthority() + base.getRawPath();
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + withUserInfo + "?stateStore=#store&delay=60000").routeId("sync")
                            .to("mock:seen");
                }
            });
            context.start();
            EndpointService service = EndpointServices.of(context, "resourcesync");
            assertEquals("resourcesync", service.getServiceProtocol());
            assertEquals(base.toString(), service.getServiceUrl());
            assertEquals("in", service.getDirection());
            assertEquals("sync", service.getRouteId());
        }
    }

    @Test
    void aUriWithoutTheSourceUrlSaysWhatGoesThere() throws Exception {
        EndpointServices.assertRefusedSaying("resourcesync:?delay=1000",
                "resourcesync: needs the Source URL,"
                + " e.g. resourcesync:https://example.org/.well-known/resourcesync");
    }
}
