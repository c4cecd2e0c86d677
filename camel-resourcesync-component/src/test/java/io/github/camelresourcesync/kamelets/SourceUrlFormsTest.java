package io.github.camelresourcesync.kamelets;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Source and feed URLs with user-info ({@code http://harvester:p%40ss@host/...}) and with a query string
 * ({@code ...capabilitylist.xml?set=a&x=1}), in YAML routes on the endpoints and through the Kamelets, against a
 * loopback server that answers only a request carrying the Basic credentials of the user-info (decoded:
 * {@code p@ss}) and exactly the query written. The password never reaches a log line, DEBUG included.
 */
class SourceUrlFormsTest {

    private static final String PASSWORD = "p@ss";
    private static final String QUERY = "set=a&x=1";

    /**
     * Camel's own DEBUG lines that print a route as written and each Kamelet property's value unmasked (whatever the
     * component; a Kamelet's password property too): out of this component's reach, documented in docs/kamelets.md.
     */
    private static final Pattern CAMEL_PRINTS_ROUTES = Pattern.compile(
            "^DEBUG \\[[^]]*] org\\.apache\\.camel\\.(impl\\.engine\\.AbstractCamelContext (Adding|Added) "
            + "|impl\\.engine\\.DefaultCamelContextExtension Resolved text: |component"
                                                                  + "\\.properties\\.DefaultPropertiesParser Found local property)");

    @TempDir
    Path dir;

    private TestHttpServer server;
    private CamelContext context;
    private final List<String> seen = new CopyOnWriteArrayList<>();
    /** Requests refused for a wrong Authorization header or query: what they lacked. */
    private final List<String> refused = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        String rs = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:rs=\"http://www.openarchives.org/rs/terms/\"";
        guarded("/rs/capabilitylist.xml", true, "<urlset " + rs + "><rs:md capability=\"capabilitylist\"/><url><loc>"
                                                + server.uri("/rs/resourcelist.xml") + "</loc><rs:md capability=\"resourcelist\"/></url></urlset>",
                "application/xml");
        guarded("/rs/resourcelist.xml", false, "<urlset " + rs
                                               + "><rs:md capability=\"resourcelist\" at=\"2024-01-01T00:00:00Z\"/><url><loc>"
                                               + server.uri("/rs/res/a.txt") + "</loc></url></urlset>",
                "application/xml");
        guarded("/rs/res/a.txt", false, "alpha", "text/plain");
        guarded("/feed", true, "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><id>urn:f</id>"
                               + "<title>f</title><updated>2024-01-01T00:01:00Z</updated><entry><title>a</title>"
                               + "<id>urn:a</id><updated>2024-01-01T00:01:00Z</updated><link rel=\"alternate\""
                               + " type=\"text/plain\" href=\"" + server.uri("/rs/res/a.txt") + "\"/></entry></feed>",
                "application/atom+xml");
    }

    /** Serves {@code body} only with the user-info's credentials (and, when {@code withQuery}, exactly QUERY). */
    private void guarded(String path, boolean withQuery, String body, String type) {
        String expected = "Basic " + Base64.getEncoder().encodeToString(("harvester:" + PASSWORD)
                .getBytes(StandardCharsets.UTF_8));
        server.handle(path, new HttpHandler() {
            @Override
            public void handle(HttpExchange exchange) throws java.io.IOException {
                String auth = exchange.getRequestHeaders().getFirst("Authorization");
                String query = exchange.getRequestURI().getRawQuery();
                if (!expected.equals(auth)) {
                    refused.add(path + " authorization");
                    TestHttpServer.respond(exchange, 401, "no");
                } else if (withQuery && !QUERY.equals(query) || !withQuery && query != null) {
                    refused.add(path + " query " + query);
                    TestHttpServer.respond(exchange, 404, "no");
                } else {
                    TestHttpServer.respond(exchange, 200, body.getBytes(StandardCharsets.UTF_8), type);
                }
            }
        });
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        server.close();
    }

    private void load(String yaml) throws Exception {
        context = new DefaultCamelContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:seen").process(e -> seen.add(e.getIn().getHeader(ResourceSyncConstants.LOCATION) + " "
                                                           + e.getIn().getBody(String.class)));
            }
        });
        PluginHelper.getRoutesLoader(context).loadRoutes(ResourceHelper.fromString("forms.yaml", yaml));
        context.start();
    }

    /** {@code http://harvester:p%40ss@127.0.0.1:port<pathAndQuery>}. */
    private String url(String pathAndQuery) {
        return "http://harvester:p%40ss@127.0.0.1:" + server.port() + pathAndQuery;
    }

    /** @return the lines logged */
    private List<String> harvestsWithoutPrintingThePassword(String yaml) throws Exception {
        try (LogCapture log = LogCapture.everything()) {
            load(yaml);
            await().atMost(30, TimeUnit.SECONDS).until(() -> !seen.isEmpty());
            assertEquals(List.of(server.uri("/rs/res/a.txt") + " alpha"), seen);
            assertEquals(List.of(), refused);
            context.stop();
            context = null;
            assertTrue(log.contains("DEBUG", "io.github.camelresourcesync"), "the capture records DEBUG");
            for (String line : log.lines()) {
                if (!CAMEL_PRINTS_ROUTES.matcher(line).find()) {
                    assertFalse(line.contains(PASSWORD) || line.contains("p%40ss"), line);
                }
            }
            return log.lines();
        }
    }

    /** The INFO line that says which parameters became the URL's query, naming them. */
    private static void saysTheQueryIs(List<String> lines, String names) {
        assertTrue(lines.stream().anyMatch(l -> l.contains("INFO") && l.contains(
                "the parameters that are not options of this endpoint are the query of its URL: " + names)),
                "no INFO line naming " + names);
    }

    /**
     * Camel's YAML takes no query in a {@code uri} that has {@code parameters}: the Source URL's own query parameters
     * go in the map with the options (what is not an option is the URL's query, as with camel-http).
     */
    @Test
    void onTheEndpoint() throws Exception {
        saysTheQueryIs(harvestsWithoutPrintingThePassword("""
                - route:
                    from:
                      uri: "resourcesync:%s"
                      parameters: { set: a, x: 1, delay: 200, stateDirectory: "%s" }
                      steps: [ { to: direct:seen } ]
                """.formatted(url("/rs/capabilitylist.xml"), dir.resolve("s1"))), "set, x");
    }

    @Test
    void onTheEndpointWrittenInOneUri() throws Exception {
        saysTheQueryIs(harvestsWithoutPrintingThePassword("""
                - route:
                    from:
                      uri: "resourcesync:%s&delay=200&stateDirectory=%s"
                      steps: [ { to: direct:seen } ]
                """.formatted(url("/rs/capabilitylist.xml?" + QUERY), dir.resolve("s2"))), "set, x");
    }

    /** In a Kamelet's parameters a {@code &} separates properties: a URL with one is written in RAW(...). */
    @Test
    void throughTheResourceSyncSourceKamelet() throws Exception {
        harvestsWithoutPrintingThePassword("""
                - route:
                    from:
                      uri: kamelet:resourcesync-source
                      parameters: { sourceUrl: "RAW(%s)", period: 200, stateDirectory: "%s" }
                      steps: [ { to: direct:seen } ]
                """.formatted(url("/rs/capabilitylist.xml?" + QUERY), dir.resolve("s3")));
    }

    @Test
    void atomPmhFeedOnTheEndpointAndThroughTheKamelet() throws Exception {
        harvestsWithoutPrintingThePassword("""
                - route:
                    from:
                      uri: "resourcesync-atompmh:%s&delay=200&stateDirectory=%s"
                      steps: [ { to: direct:seen } ]
                """.formatted(url("/feed?" + QUERY), dir.resolve("a1")));
        seen.clear();
        harvestsWithoutPrintingThePassword("""
                - route:
                    from:
                      uri: kamelet:atom-pmh-source
                      parameters: { feedUrl: "RAW(%s)", period: 200, stateDirectory: "%s" }
                      steps: [ { to: direct:seen } ]
                """.formatted(url("/feed?" + QUERY), dir.resolve("a2")));
    }
}
