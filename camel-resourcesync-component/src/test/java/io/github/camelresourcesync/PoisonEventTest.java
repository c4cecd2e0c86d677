package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A resource that fails forever (here: it always answers 500) before a hundred good ones, with the default
 * {@code breakOnFirstError=true}: after {@code maxEventAttempts} polls it is given up, reported, handed to a dead
 * letter channel once, and the hundred are mirrored.
 */
class PoisonEventTest {

    @TempDir
    Path dir;

    private final TestHttpServer server = TestHttpServer.start();
    private CamelContext context;

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        server.close();
    }

    @Test
    void aResourceThatFailsForeverIsGivenUpAndTheHarvestMovesOn() throws Exception {
        StringBuilder urls = new StringBuilder("<url><loc>" + server.uri("/res/poison.txt") + "</loc></url>\n");
        server.handle("/res/poison.txt", TestHttpServer.status(500));
        for (int i = 0; i < 100; i++) {
            server.serve("/res/good" + i + ".txt", "good " + i, "text/plain");
            urls.append("<url><loc>").append(server.uri("/res/good" + i + ".txt")).append("</loc></url>\n");
        }
        server.serve("/resourcelist.xml", """
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                %s</urlset>""".formatted(urls), "application/xml");
        Path mirror = dir.resolve("mirror");
        List<Exchange> deadLetters = new CopyOnWriteArrayList<>();
        context = new DefaultCamelContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                errorHandler(deadLetterChannel("direct:dead"));
                from("resourcesync:" + server.uri("/resourcelist.xml") + "?delay=50&maxRetries=0&bridgeErrorHandler=true"
                     + "&stateDirectory=" + dir.resolve("state")).routeId("harvest")
                        .to("resourcesync-mirror:" + mirror);
                from("direct:dead").process(e -> deadLetters.add(e.copy()));
            }
        });
        context.start();
        SyncEventPollingConsumer consumer = (SyncEventPollingConsumer) context.getRoute("harvest").getConsumer();

        await().atMost(60, TimeUnit.SECONDS).until(() -> mirrored(mirror) == 100);
        assertTrue(server.requests("/res/poison.txt") >= 5, "tried maxEventAttempts (5) times, one per poll");
        // the Source has no Change List, so every poll is a baseline that lists it again: it stays given up once
        long polls = consumer.getPolls();
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumer.getPolls() >= polls + 3);
        assertEquals(1, consumer.getGivenUpEvents(), "the poison event was given up once");
        List<Exchange> givenUp = deadLetters.stream()
                .filter(e -> e.getIn().getHeader(ResourceSyncConstants.GIVEN_UP, false, Boolean.class)).toList();
        assertEquals(1, givenUp.size(), "the dead letter channel sees it given up once");
        assertEquals(5, givenUp.get(0).getIn().getHeader(ResourceSyncConstants.ATTEMPT, Integer.class));
        assertTrue(givenUp.get(0).getIn().getHeader(ResourceSyncConstants.LOCATION, String.class)
                .endsWith("/res/poison.txt"));
        assertTrue(consumer.getStatistics().lastGivenUp().contains("poison.txt"));
        assertTrue(consumer.getStatistics().lastGivenUp().contains("500"), consumer.getStatistics().lastGivenUp());

        // a resource added later comes, though every baseline meets the given-up one before it
        server.serve("/res/good100.txt", "good 100", "text/plain");
        urls.append("<url><loc>").append(server.uri("/res/good100.txt")).append("</loc></url>\n");
        server.serve("/resourcelist.xml", """
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                <rs:md capability="resourcelist" at="2024-01-02T00:00:00Z"/>
                %s</urlset>""".formatted(urls), "application/xml");
        await().atMost(60, TimeUnit.SECONDS).until(() -> mirrored(mirror) == 101);
        assertEquals(1, consumer.getGivenUpEvents());
    }

    /**
     * The give-up count is of failures in a row whatever their cause: a resource failing by turns with 500 and with a
     * body that does not match its hash is given up after maxEventAttempts failures in all.
     */
    @Test
    void failuresWithChangingCausesCountTowardsOneGiveUp() throws Exception {
        try (TestSource source = new TestSource()) {
            source.put("/res/poison.txt", "poison").put("/res/good.txt", "good");
            for (int i = 0; i < 10; i++) {
                source.fail("/res/poison.txt", i % 2 == 0 ? 500 : 200, 1); // 200: "injected 200", not its hash
            }
            List<Exchange> deadLetters = new CopyOnWriteArrayList<>();
            List<String> delivered = new CopyOnWriteArrayList<>();
            context = TestContexts.withStateIn(dir);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    errorHandler(deadLetterChannel("direct:dead"));
                    from("resourcesync:" + source.base() + "?delay=20&maxRetries=0&maxEventAttempts=4"
                         + "&bridgeErrorHandler=true").routeId("harvest")
                            .process(e -> delivered.add(e.getIn().getBody(String.class)));
                    from("direct:dead").process(e -> deadLetters.add(e.copy()));
                }
            });
            context.start();
            SyncEventPollingConsumer consumer = Polls.consumer(context, "harvest");
            await().atMost(Polls.TIMEOUT).until(() -> delivered.contains("good"));
            Polls.awaitQuiet(context, "harvest");

            assertEquals(1, consumer.getGivenUpEvents());
            assertEquals(4, source.requests("/res/poison.txt"), "500, mismatch, 500, mismatch: given up");
            assertEquals(List.of(1, 2, 3, 4), deadLetters.stream()
                    .map(e -> e.getIn().getHeader(ResourceSyncConstants.ATTEMPT, Integer.class)).toList());
            assertTrue(consumer.getFixityFailures() == 2, "two of the four were fixity failures");
        }
    }

    private static long mirrored(Path mirror) throws Exception {
        if (!Files.isDirectory(mirror)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(mirror)) {
            return files.filter(Files::isRegularFile).filter(p -> p.getFileName().toString().endsWith(".txt")).count();
        } catch (java.io.UncheckedIOException e) {
            return -1; // a temporary file of the mirror vanished while listed: look again
        }
    }
}
