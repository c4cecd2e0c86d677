package io.github.camelresourcesync.component.metashare;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.EndpointServices;
import io.github.camelresourcesync.testsupport.MetashareNode;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.EndpointServiceRegistry.EndpointService;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a {@code resourcesync-metashare:} endpoint tells Camel and its user about itself. */
class MetashareEndpointTest {

    /**
     * Camel's endpoint service registry (what JMX and {@code camel get service} show) lists the route's node as a
     * META-SHARE service, at its base URL.
     */
    @Test
    void theNodeIsListedAsAMetashareService() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", "pw"); CamelContext context = new DefaultCamelContext()) {
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync-metashare:" + node.baseUri() + "?username=harvester&password=pw"
                         + "&stateStore=#store&delay=60000").routeId("node").to("mock:seen");
                }
            });
            context.start();
            EndpointService service = EndpointServices.of(context, "resourcesync-metashare");
            assertEquals("metashare", service.getServiceProtocol());
            assertEquals(node.baseUri().toString(), service.getServiceUrl());
            assertEquals("node", service.getRouteId());
        }
    }

    @Test
    void aUriWithoutTheNodeUrlSaysWhatGoesThere() throws Exception {
        EndpointServices.assertRefusedSaying("resourcesync-metashare:?username=u&password=p",
                "resourcesync-metashare: needs the node's base URL,"
                + " e.g. resourcesync-metashare:https://metashare.example.org");
    }

    /** The node is harvested as a sync user: a route without the password fails at start, saying what it needs. */
    @Test
    void aRouteWithoutThePasswordFailsAtStartSayingItNeedsTheSyncUser() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync-metashare:https://node.example.org?username=harvester").to("mock:seen");
                }
            });
            Exception e = assertThrows(Exception.class, context::start);
            Throwable cause = e;
            while (cause != null && !(cause instanceof IllegalArgumentException)) {
                cause = cause.getCause();
            }
            assertTrue(cause != null && cause.getMessage().equals("resourcesync-metashare:https://node.example.org"
                                                                  + " needs the username and password of a sync user"
                                                                  + " of the node"),
                    String.valueOf(e));
        }
    }
}
