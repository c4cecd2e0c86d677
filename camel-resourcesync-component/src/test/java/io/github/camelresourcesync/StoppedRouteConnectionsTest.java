package io.github.camelresourcesync;

import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TcpProxy;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A route stopped while its CamelContext runs on (removed, replaced, stopped over JMX) closes its connections to the
 * Source at once: routes come and go in a long-running application, and a pool kept by a stopped route would hold
 * its connections until the application stops (the pool's idle eviction takes 30 s per connection).
 */
class StoppedRouteConnectionsTest {

    @Test
    void aStoppedRouteClosesItsConnectionsToTheSource() throws Exception {
        List<String> received = new CopyOnWriteArrayList<>();
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha");
             CamelContext context = new DefaultCamelContext()) {
            URI base = source.base();
            try (TcpProxy proxy = new TcpProxy(base.getHost(), base.getPort())) {
                context.getRegistry().bind("store", new InMemoryStateStore());
                context.addRoutes(new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("resourcesync:http://127.0.0.1:" + proxy.port() + base.getPath()
                             + "?stateStore=#store&initialDelay=3600000&delay=3600000").routeId("sync")
                                .process(e -> received.add(e.getIn().getBody(String.class)));
                    }
                });
                context.start();
                Polls.consumer(context, "sync").run();
                assertEquals(List.of("alpha"), received);
                assertTrue(proxy.openConnections() > 0, "the harvest keeps its connection alive for the next poll");

                context.getRouteController().stopRoute("sync");
                await().atMost(10, TimeUnit.SECONDS).until(() -> proxy.openConnections() == 0);
            }
        }
    }
}
