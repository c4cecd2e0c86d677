package io.github.camelresourcesync.kamelets;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * A user's application in miniature, run by {@link KameletDependenciesTest} in a JVM whose classpath holds only
 * Camel's runtime and what camel-resourcesync brings: one route from the Kamelet URI in {@code args[0]}, waiting for
 * {@code args[1]} events (at most 30 seconds). Prints {@code events=N}, or {@code failed: <exception>} and exits 1.
 * Uses nothing but Camel's API and the JDK, so that it needs nothing the test classpath has and a user's lacks.
 */
public final class KameletProbe {

    private KameletProbe() {
    }

    public static void main(String[] args) {
        String uri = args[0];
        int expected = Integer.parseInt(args[1]);
        AtomicInteger events = new AtomicInteger();
        try (CamelContext context = new DefaultCamelContext()) {
            RouteBuilder.addRoutes(context, rb -> rb.from(uri).routeId("probe")
                    .process(e -> events.incrementAndGet()));
            context.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (events.get() < expected && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            // endpoints without their queries: those hold credentials
            System.out.println("events=" + events.get() + " route=" + context.getRouteController()
                    .getRouteStatus("probe") + " endpoints=" + context.getEndpoints().stream()
                    .map(e -> e.getEndpointBaseUri()).toList());
        } catch (Exception e) {
            System.out.println("failed: " + e);
            System.exit(1);
        }
    }
}
