package io.github.camelresourcesync.testsupport;

import org.apache.camel.CamelContext;
import org.apache.camel.ResolveEndpointFailedException;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.EndpointServiceRegistry.EndpointService;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What an endpoint tells Camel and its user about itself: its service entry, the message of a URI it refuses. */
public final class EndpointServices {

    private EndpointServices() {
    }

    /** The service Camel's endpoint service registry (JMX, {@code camel get service}) lists for {@code component}. */
    public static EndpointService of(CamelContext context, String component) {
        return context.getCamelContextExtension().getEndpointServiceRegistry().listAllEndpointServices().stream()
                .filter(s -> component.equals(s.getComponent())).findFirst().orElseThrow();
    }

    /** Asserts that Camel refuses {@code uri} with a message that contains {@code says}. */
    public static void assertRefusedSaying(String uri, String says) throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            ResolveEndpointFailedException e = assertThrows(ResolveEndpointFailedException.class,
                    () -> context.getEndpoint(uri));
            assertTrue(e.getMessage().contains(says), e.getMessage());
        }
    }
}
