package io.github.camelresourcesync;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code CamelResourceSyncMediaType} is the media type "as published, or as served" (docs/headers.md): the list's
 * {@code type} when it gives one, whatever the Source's {@code Content-Type} says, and the {@code Content-Type} of the
 * body when the list gives none.
 */
class MediaTypeHeaderTest {

    @Test
    void theListsTypeWinsAndTheServedTypeFillsIn() throws Exception {
        Map<String, String> types = new ConcurrentHashMap<>();
        try (TestHttpServer server = TestHttpServer.start()) {
            String list = server.uri("/resourcelist.xml").toString();
            server.serveXml("/resourcelist.xml", URLSET + "  <rs:md capability=\"resourcelist\""
                    + " at=\"2024-01-01T00:00:10Z\"/>\n"
                    + "  <url><loc>" + server.uri("/res/typed.md") + "</loc><rs:md type=\"text/markdown\"/></url>\n"
                    + "  <url><loc>" + server.uri("/res/untyped.png") + "</loc></url>\n</urlset>");
            server.serve("/res/typed.md", "# title", "text/plain");
            server.serve("/res/untyped.png", "not really a png", "image/png");
            CamelContext context = new DefaultCamelContext();
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + list + "?stateStore=#store&initialDelay=0&delay=3600000")
                            .process(e -> types.put(e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class),
                                    String.valueOf(e.getIn().getHeader(ResourceSyncConstants.MEDIA_TYPE))));
                }
            });
            context.start();
            try {
                await().atMost(Polls.TIMEOUT).until(() -> types.size() == 2);
            } finally {
                context.stop();
            }
            assertEquals(Map.of(server.uri("/res/typed.md").toString(), "text/markdown",
                    server.uri("/res/untyped.png").toString(), "image/png"), types);
        }
    }
}
