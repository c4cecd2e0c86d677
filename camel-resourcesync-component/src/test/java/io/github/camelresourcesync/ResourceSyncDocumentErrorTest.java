package io.github.camelresourcesync;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.spi.Registry;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Malformed and hostile documents fail the poll with a clear error naming the document, turn the consumer's health
 * check DOWN, and leave state unchanged; the sync resumes once the Source is fixed.
 */
class ResourceSyncDocumentErrorTest extends CamelTestSupport {

    private TestSource source;
    private final InMemoryStateStore store = new InMemoryStateStore();
    private final List<Exchange> delivered = new CopyOnWriteArrayList<>();

    @Override
    protected void doPreSetup() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo").put("/res/c.txt", "charlie");
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext camel = super.createCamelContext();
        HealthCheckRegistry health = TestContexts.withConsumerHealthChecks(camel);
        return camel;
    }

    @Override
    protected void bindToRegistry(Registry registry) {
        registry.bind("store", store);
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                String uri = "resourcesync:" + source.base() + "?stateStore=#store&delay=100&initialDelay=0"
                             + "&retryDelay=5&maxRetries=2";
                // auto-started: Camel reports routes that are not auto-started as UP whatever their consumer says
                from(uri).routeId("sync").process(e -> delivered.add(e.copy()));
            }
        };
    }

    private List<String> deliveredFiles() {
        return delivered.stream().map(e -> e.getIn().getHeader(Exchange.FILE_NAME, String.class)).toList();
    }

    private Optional<HealthCheck.Result> consumerHealth() {
        return TestContexts.consumerHealth(context, "sync");
    }

    @Test
    void malformedChangeListFailsThePollAndKeepsState() throws Exception {
        await().atMost(60, TimeUnit.SECONDS).until(() -> delivered.size() == 3);
        var before = store.source(source.uri("/capabilitylist.xml").toString());

        source.change("/res/a.txt", "alpha 2");
        source.override("/changelist.xml", "<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'><url><loc>");
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumerHealth()
                .map(r -> r.getState() == HealthCheck.State.DOWN).orElse(false));
        assertEquals(3, delivered.size(), "nothing delivered from a malformed Change List");
        assertEquals(before, store.source(source.uri("/capabilitylist.xml").toString()), "state unchanged");
        HealthCheck.Result health = consumerHealth().orElseThrow();
        assertEquals(HealthCheck.State.DOWN, health.getState());
        assertEquals(200, health.getDetails().getOrDefault(HealthCheck.HTTP_RESPONSE_CODE, 200));
        assertTrue(health.getError().orElseThrow().getMessage().contains("/changelist.xml"),
                health.getError().get().getMessage());

        source.clearOverride("/changelist.xml");
        await().atMost(60, TimeUnit.SECONDS).until(() -> delivered.size() == 4);
        assertEquals("res/a.txt", deliveredFiles().get(3));
        assertEquals("alpha 2", delivered.get(3).getIn().getBody(String.class));
    }

    @Test
    void anExternalEntityIsRefusedAndNeverResolved() throws Exception {
        await().atMost(Polls.TIMEOUT).until(() -> delivered.size() == 3);
        var before = store.source(source.uri("/capabilitylist.xml").toString());
        source.change("/res/a.txt", "alpha 2");
        source.override("/changelist.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE urlset [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                        xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="changelist" from="2024-01-01T00:00:00Z"/>
                  <url><loc>http://example.org/&xxe;</loc><rs:md change="created"/></url>
                </urlset>""");
        await().atMost(Polls.TIMEOUT).until(() -> consumerHealth()
                .map(r -> r.getState() == HealthCheck.State.DOWN).orElse(false));
        String message = consumerHealth().orElseThrow().getError().orElseThrow().getMessage();
        assertTrue(message.contains(source.uri("/changelist.xml").toString()) && message.contains("DTD"), message);
        assertFalse(message.contains("root:"), "the external entity was never resolved");
        Polls.awaitQuiet(context, "sync");
        assertEquals(3, delivered.size());
        assertEquals(before, store.source(source.uri("/capabilitylist.xml").toString()), "state unchanged");

        source.clearOverride("/changelist.xml");
        await().atMost(Polls.TIMEOUT).until(() -> delivered.size() == 4);
        assertEquals("alpha 2", delivered.get(3).getIn().getBody(String.class));
    }

    /**
     * An entity bomb in a Change List that, were its entities expanded, would list a created resource the Source
     * serves: the document is refused with an error naming it, nothing is delivered and the state stays.
     */
    @Test
    void anEntityBombIsRefusedWithAnErrorNamingTheDocument() throws Exception {
        await().atMost(Polls.TIMEOUT).until(() -> delivered.size() == 3);
        var before = store.source(source.uri("/capabilitylist.xml").toString());
        String expanded = "/res/" + "lol".repeat(64) + ".txt";
        source.override(expanded, "laughs"); // what an expanding reader would fetch and deliver
        source.override("/changelist.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE urlset [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
                 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                        xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="changelist" from="2024-01-01T00:00:00Z"/>
                  <url><loc>%sres/&lol3;.txt</loc><rs:md change="created" datetime="2030-01-01T00:00:00Z"/></url>
                </urlset>""".formatted(source.base()));
        await().atMost(Polls.TIMEOUT).until(() -> delivered.size() > 3 || consumerHealth()
                .map(r -> r.getState() == HealthCheck.State.DOWN).orElse(false));
        assertEquals(3, delivered.size(), "nothing delivered from the bomb: " + deliveredFiles());
        String message = consumerHealth().orElseThrow().getError().orElseThrow().getMessage();
        assertTrue(message.contains(source.uri("/changelist.xml").toString()) && message.contains("DTD"), message);
        Polls.awaitQuiet(context, "sync");
        assertEquals(3, delivered.size());
        assertEquals(0, source.requests(expanded), "the expanded location was never fetched");
        assertEquals(before, store.source(source.uri("/capabilitylist.xml").toString()), "state unchanged");

        source.change("/res/a.txt", "alpha 2");
        source.clearOverride("/changelist.xml");
        await().atMost(Polls.TIMEOUT).until(() -> delivered.size() == 4);
        assertEquals("alpha 2", delivered.get(3).getIn().getBody(String.class));
    }

    @Test
    void httpErrorsShowTheirStatusInTheHealthCheck() throws Exception {
        await().atMost(60, TimeUnit.SECONDS).until(() -> delivered.size() == 3);
        source.change("/res/a.txt", "alpha 2");
        source.fail("/changelist.xml", 503, 1_000);
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumerHealth()
                .map(r -> r.getState() == HealthCheck.State.DOWN).orElse(false));
        HealthCheck.Result health = consumerHealth().orElseThrow();
        assertEquals(503, health.getDetails().get(HealthCheck.HTTP_RESPONSE_CODE));
        assertTrue(health.getError().orElseThrow().getMessage().contains("/changelist.xml"));

        source.clearFaults();
        await().atMost(60, TimeUnit.SECONDS).until(() -> delivered.size() == 4);
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumerHealth()
                .map(r -> r.getState() == HealthCheck.State.UP).orElse(false));
    }
}
