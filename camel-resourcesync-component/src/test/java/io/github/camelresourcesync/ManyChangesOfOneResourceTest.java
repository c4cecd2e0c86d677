package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One resource changed 100,000 times in one Change List (streamed by the server as it is read): one event for it, the
 * newest, with the other 99,999 counted as superseded, and a later change still delivered. What bounds the memory of
 * that pass is the list's size: a Change List is read whole and its new entries sorted, so the entries held are at most
 * {@code maxEntriesPerDocument} (and the pass's window of 100,000 new changes); a list longer than
 * {@code maxEntriesPerDocument} is refused with an error naming the option, not read into memory.
 */
class ManyChangesOfOneResourceTest {

    private static final int CHANGES = 100_000;
    private static final Instant AT = Instant.parse("2024-01-01T00:00:10Z");

    @TempDir
    Path dir;

    private final List<String> changeEvents = new CopyOnWriteArrayList<>();
    private final AtomicInteger later = new AtomicInteger();

    @Test
    void aHundredThousandChangesOfOneResourceGiveOneEventAndALaterChangeStillComes() throws Exception {
        try (TestHttpServer source = start(); LogCapture log = LogCapture.debug("io.github.camelresourcesync.harvest")) {
            CamelContext context = route(source, "");
            try {
                SyncEventPollingConsumer consumer = Polls.consumer(context, "sync");
                await().atMost(Polls.TIMEOUT).until(() -> consumer.getPolls() >= 1);
                consumer.run(); // the first poll was the baseline; this one reads the Change List
                assertEquals(List.of(event(CHANGES)), changeEvents, "one event, the newest change");
                assertTrue(log.contains((CHANGES - 1) + " changes superseded"),
                        "the older changes are counted as superseded");

                later.set(1);
                consumer.run();
                assertEquals(List.of(event(CHANGES), event(CHANGES + 1)), changeEvents,
                        "a later change is delivered, nothing of the 100,000 again");
                assertEquals(0, consumer.getFailedPolls());
            } finally {
                context.stop();
            }
        }
    }

    @Test
    void aChangeListLongerThanMaxEntriesPerDocumentIsRefusedNamingTheLimit() throws Exception {
        RecordingExceptionHandler failures = new RecordingExceptionHandler();
        try (TestHttpServer source = start()) {
            CamelContext context = new DefaultCamelContext();
            context.getRegistry().bind("failures", failures);
            CamelContext started = route(context, source, "&maxEntriesPerDocument=" + (CHANGES - 1)
                                                          + "&exceptionHandler=#failures");
            try {
                SyncEventPollingConsumer consumer = Polls.consumer(started, "sync");
                await().atMost(Polls.TIMEOUT).until(() -> consumer.getPolls() >= 1);
                consumer.run(); // the first poll was the baseline; this one reads the Change List
                assertEquals(1, consumer.getFailedPolls());
                assertTrue(consumer.getLastPollError().contains("maxEntriesPerDocument"), consumer.getLastPollError());
                assertTrue(changeEvents.isEmpty(), changeEvents::toString);
            } finally {
                started.stop();
            }
        }
    }

    /** What the route records for the n-th change: the body served then, and the change's time. */
    private static String event(int n) {
        return "updated " + n + " at " + AT.plusSeconds(n);
    }

    /** A Source whose Change List lists {@link #CHANGES} updates of a.txt, one a second, plus {@link #later}. */
    private TestHttpServer start() {
        TestHttpServer source = TestHttpServer.start();
        source.serveXml("/.well-known/resourcesync", LiteralSource.URLSET + """
                  <rs:md capability="description"/>
                  <url><loc>{base}/capabilitylist.xml</loc><rs:md capability="capabilitylist"/></url>
                </urlset>""");
        source.serveXml("/capabilitylist.xml", LiteralSource.URLSET + """
                  <rs:md capability="capabilitylist"/>
                  <url><loc>{base}/resourcelist.xml</loc><rs:md capability="resourcelist"/></url>
                  <url><loc>{base}/changelist.xml</loc><rs:md capability="changelist"/></url>
                </urlset>""");
        source.serveXml("/resourcelist.xml", LiteralSource.URLSET + """
                  <rs:md capability="resourcelist" at="2024-01-01T00:00:10Z" completed="2024-01-01T00:00:10Z"/>
                  <url><loc>{base}/res/a.txt</loc><lastmod>2024-01-01T00:00:01Z</lastmod></url>
                </urlset>""");
        source.handle("/res/a.txt", exchange -> TestHttpServer.respond(exchange, 200,
                "updated " + (CHANGES + later.get())));
        source.handle("/changelist.xml", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "application/xml");
            exchange.sendResponseHeaders(200, 0); // chunked, written as it is read
            String loc = source.uri("/res/a.txt").toString();
            try (Writer out = new BufferedWriter(new OutputStreamWriter(exchange.getResponseBody(),
                    StandardCharsets.UTF_8), 1 << 16)) {
                out.write(LiteralSource.URLSET);
                out.write("<rs:md capability=\"changelist\" from=\"" + AT + "\"/>\n");
                for (int i = 1; i <= CHANGES + later.get(); i++) {
                    out.write("<url><loc>" + loc + "</loc><rs:md change=\"updated\" datetime=\"" + AT.plusSeconds(i)
                              + "\"/></url>\n");
                }
                out.write("</urlset>\n");
            } catch (IOException clientGaveUp) {
                // the harvester refused the list part way
            }
        });
        return source;
    }

    private CamelContext route(TestHttpServer source, String options) throws Exception {
        return route(new DefaultCamelContext(), source, options);
    }

    private CamelContext route(CamelContext context, TestHttpServer source, String options) throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.uri("/") + "?delay=3600000&initialDelay=0&stateDirectory="
                     + dir.resolve("state") + options)
                        .routeId("sync")
                        .filter(header(ResourceSyncConstants.CAPABILITY).isEqualTo("changelist"))
                        .process(e -> changeEvents.add(e.getIn().getBody(String.class) + " at "
                                + e.getIn().getHeader(ResourceSyncConstants.DATETIME)));
            }
        });
        context.start();
        return context;
    }
}
