package io.github.camelresourcesync;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpHandler;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Credentials in the source URL authenticate every request to the Source and appear on no exchange. */
class ResourceSyncCredentialsTest {

    private static String basic(String userAndPassword) {
        return "Basic " + Base64.getEncoder().encodeToString(userAndPassword.getBytes(StandardCharsets.UTF_8));
    }

    private static HttpHandler protectedBody(String auth, String body, String type) {
        return exchange -> {
            if (!auth.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                TestHttpServer.respond(exchange, 401, "who are you?");
                return;
            }
            TestHttpServer.respond(exchange, 200, body.getBytes(StandardCharsets.UTF_8), type);
        };
    }

    @Test
    void userInfoBecomesBasicAuthAndNeverAHeader() throws Exception {
        Exchange e = harvestOne("harvester:s3cret@", "", basic("harvester:s3cret"));
        assertEquals("alpha", e.getIn().getBody(String.class));
        e.getIn().getHeaders().forEach((name, value) -> assertFalse(String.valueOf(value).contains("s3cret"),
                name + " carries the password: " + value));
    }

    /** A token given as the password of an empty user name ({@code https://:token@host/}), as some APIs take it. */
    @Test
    void userInfoWithOnlyAPasswordIsBasicWithAnEmptyUserName() throws Exception {
        assertEquals("alpha", harvestOne(":t0ken@", "", basic(":t0ken")).getIn().getBody(String.class));
    }

    @Test
    void aBearerTokenIsSentInsteadOfTheUserInfo() throws Exception {
        assertEquals("alpha", harvestOne("harvester:s3cret@", "&bearerToken=t0ken", "Bearer t0ken").getIn()
                .getBody(String.class));
    }

    /**
     * Harvests a Change List of one resource from a server that answers only requests carrying {@code auth}, with
     * {@code userInfo} in the Source URL and {@code options} on the endpoint.
     */
    private static Exchange harvestOne(String userInfo, String options, String auth) throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            String list = """
                    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                            xmlns:rs="http://www.openarchives.org/rs/terms/">
                      <rs:md capability="changelist" from="2024-01-01T00:00:00Z"/>
                      <url><loc>/res/a.txt</loc>
                        <rs:md change="created" datetime="2024-01-02T00:00:00Z" length="5"/></url>
                    </urlset>""";
            server.handle("/changelist.xml", protectedBody(auth, list, "application/xml"));
            server.handle("/res/a.txt", protectedBody(auth, "alpha", "text/plain"));
            String url = server.uri("/changelist.xml").toString().replace("http://", "http://" + userInfo);

            List<Exchange> events = new CopyOnWriteArrayList<>();
            CamelContext context = new DefaultCamelContext();
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + url + "?stateStore=#store&initialDelay=0&maxRetries=0" + options)
                            .process(e -> events.add(e.copy()));
                }
            });
            context.start();
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() == 1);
            } finally {
                context.stop();
            }
            Exchange e = events.get(0);
            assertEquals(server.uri("/res/a.txt").toString(), e.getIn().getHeader(ResourceSyncConstants.LOCATION));
            return e;
        }
    }
}
