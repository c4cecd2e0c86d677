package io.github.camelresourcesync.component.atompmh;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

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
 * Media types with a {@code +} through the {@code atom-pmh-source} Kamelet, as users write them: in a Java URI, where
 * the {@code +} arrives as a space, and in a YAML route. And the WARN of a poll that passes over every record because
 * no entry offers a wanted type, which before said nothing at all (the entries were passed over at DEBUG).
 */
class AtomPmhMediaTypesTest {

    @TempDir
    Path dir;

    private TestHttpServer server;
    private CamelContext context;
    /** media type and location of each delivered event */
    private final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        // each record in two formats: an Atom entry document and an HTML page
        StringBuilder feed = new StringBuilder(AtomPmhConsumerTest.HEAD + "<updated>2024-01-01T00:02:00Z</updated>");
        for (String r : List.of("a", "b")) {
            feed.append("<entry><title>").append(r).append("</title><id>urn:").append(r).append("</id><updated>")
                    .append(r.equals("a") ? "2024-01-01T00:01:00Z" : "2024-01-01T00:02:00Z").append("</updated>")
                    .append("<link rel=\"alternate\" type=\"text/html\" href=\"/html/").append(r).append("\"/>")
                    .append("<link rel=\"alternate\" type=\"application/atom+xml\" href=\"/atom/").append(r)
                    .append("\"/></entry>");
            server.serve("/atom/" + r, "<entry xmlns=\"http://www.w3.org/2005/Atom\"><id>urn:" + r + "</id></entry>",
                    "application/atom+xml");
            server.serve("/html/" + r, "<p>" + r + "</p>", "text/html");
        }
        server.serve("/feed", feed.append("</feed>").toString(), "application/atom+xml");
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        server.close();
    }

    private CamelContext newContext() throws Exception {
        CamelContext ctx = new DefaultCamelContext();
        ctx.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:seen").process(e -> seen.add(e.getIn().getHeader(AtomPmhConstants.MEDIA_TYPE) + " "
                                                           + e.getIn().getHeader(AtomPmhConstants.LOCATION)));
            }
        });
        return ctx;
    }

    /** The Kamelet in a Java route, {@code mediaTypes} written into the URI as is. */
    private void startJavaRoute(String mediaTypes) throws Exception {
        context = newContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("kamelet:atom-pmh-source?feedUrl=" + server.uri("/feed") + "&mediaTypes=" + mediaTypes
                     + "&period=100&stateDirectory=" + dir.resolve("state")).to("direct:seen");
            }
        });
        context.start();
    }

    private List<String> atomLinks() {
        return List.of("application/atom+xml " + server.uri("/atom/a"),
                "application/atom+xml " + server.uri("/atom/b"));
    }

    /** The bridge docs' own example, in a Java URI: each {@code +} arrives as a space and is read as {@code +}. */
    @Test
    void plusInAJavaUriThroughTheKamelet() throws Exception {
        try (LogCapture log = LogCapture.open()) {
            startJavaRoute("application/rifcs+xml,application/atom+xml");
            await().atMost(15, TimeUnit.SECONDS).until(() -> seen.size() == 2);
            assertEquals(atomLinks(), seen);
            AtomPmhEndpoint endpoint = context.getEndpoints().stream().filter(AtomPmhEndpoint.class::isInstance)
                    .map(AtomPmhEndpoint.class::cast).findFirst().orElseThrow();
            assertEquals(List.of("application/rifcs+xml", "application/atom+xml"), endpoint.getConfiguration().mediaTypeList());
            assertFalse(log.contains("passed over"), log.lines().toString());
        }
    }

    @Test
    void plusInAYamlRouteThroughTheKamelet() throws Exception {
        context = newContext();
        String yaml = """
                - route:
                    from:
                      uri: kamelet:atom-pmh-source
                      parameters:
                        feedUrl: "%s"
                        mediaTypes: application/atom+xml
                        period: 100
                        stateDirectory: "%s"
                      steps:
                        - to: direct:seen
                """.formatted(server.uri("/feed"), dir.resolve("state"));
        PluginHelper.getRoutesLoader(context).loadRoutes(ResourceHelper.fromString("atom.yaml", yaml));
        context.start();
        await().atMost(15, TimeUnit.SECONDS).until(() -> seen.size() == 2);
        assertEquals(atomLinks(), seen);
    }

    /**
     * {@code %2B}, the standard way to write {@code +} in an endpoint URI: the Kamelet hands it to the endpoint
     * undecoded, and before it matched no entry ("every record passed over").
     */
    @Test
    void percentEncodedPlusInAJavaUriThroughTheKamelet() throws Exception {
        try (LogCapture log = LogCapture.open()) {
            startJavaRoute("application/rifcs%2Bxml,application/atom%2Bxml");
            await().atMost(15, TimeUnit.SECONDS).until(() -> seen.size() == 2);
            assertEquals(atomLinks(), seen);
            assertFalse(log.contains("passed over"), log.lines().toString());
        }
    }

    /** The same three spellings in YAML: in the Kamelet URI, and in its parameters map. */
    @Test
    void everySpellingInYamlMeansTheSameAsOnTheEndpoint() throws Exception {
        for (String spelling : List.of("application/atom+xml", "application/atom%2Bxml")) {
            for (boolean inUri : List.of(true, false)) {
                seen.clear();
                context = newContext();
                String state = dir.resolve("state-" + System.nanoTime()).toString();
                String from = inUri
                        ? "      uri: \"kamelet:atom-pmh-source?feedUrl=" + server.uri("/feed") + "&mediaTypes=" + spelling
                          + "&period=100&stateDirectory=" + state + "\"\n"
                        : "      uri: kamelet:atom-pmh-source\n"
                          + "      parameters:\n"
                          + "        feedUrl: \"" + server.uri("/feed") + "\"\n"
                          + "        mediaTypes: \"" + spelling + "\"\n"
                          + "        period: 100\n"
                          + "        stateDirectory: \"" + state + "\"\n";
                String yaml = "- route:\n    from:\n" + from + "      steps:\n        - to: direct:seen\n";
                PluginHelper.getRoutesLoader(context).loadRoutes(ResourceHelper.fromString("atom.yaml", yaml));
                context.start();
                await().atMost(15, TimeUnit.SECONDS).until(() -> seen.size() == 2);
                assertEquals(atomLinks(), seen, spelling + (inUri ? " in the URI" : " in the map"));
                context.stop();
                context = null;
            }
        }
    }

    /** Nothing matches: one WARN per poll names the types asked for and those the entries offer. */
    @Test
    void aPollThatPassesOverEveryRecordSaysWhy() throws Exception {
        try (LogCapture log = LogCapture.open()) {
            startJavaRoute("application/rifcs+xml");
            await().atMost(15, TimeUnit.SECONDS).until(() -> log.contains("WARN ", server.uri("/feed").toString(),
                    "all 2 records of this poll passed over", "media types asked for (application/rifcs+xml)",
                    "their links offer application/atom+xml, text/html"));
            // a second poll passes over them again, and says so again
            await().atMost(15, TimeUnit.SECONDS).until(() -> log.lines().stream()
                    .filter(l -> l.contains("passed over")).count() >= 2);
            assertEquals(List.of(), seen);
            assertTrue(server.requests("/atom/a") == 0 && server.requests("/html/a") == 0,
                    "no representation was fetched");
        }
    }
}
