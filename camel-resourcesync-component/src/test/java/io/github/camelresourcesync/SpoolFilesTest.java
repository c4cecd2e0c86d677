package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.SpoolFiles;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Spooled bodies never outlive the harvest that fetched them: not when the poll stops while fetches are in flight
 * (they complete after the run was closed), and not after a process was killed (its files are deleted by the next
 * process that spools into the same directory).
 */
class SpoolFilesTest {

    private static final int BIG = 64 * 1024;

    @TempDir
    Path dir;

    private final TestHttpServer server = TestHttpServer.start();
    private CamelContext context;
    private volatile boolean stopping;

    @AfterEach
    void stop() {
        stopping = true;
        if (context != null) {
            context.stop();
        }
        server.close();
    }

    /** A Resource List of a resource answering 500 forever, then {@code n} resources above the spool threshold. */
    private String source(int n) {
        StringBuilder urls = new StringBuilder("<url><loc>" + server.uri("/res/poison.txt") + "</loc></url>\n");
        server.handle("/res/poison.txt", TestHttpServer.status(500));
        for (int i = 0; i < n; i++) {
            String path = "/res/big" + i + ".bin";
            urls.append("<url><loc>").append(server.uri(path)).append("</loc></url>\n");
            server.handle(path, exchange -> {
                // answers once the poll that asked has ended (the next one read the list): the body arrives after
                // the run that waited for it was closed
                // (or after 5 s at most: with every connection held by such answers, a poll may wait for one, and a
                // route that stops must not then wait for the test's own release)
                int lists = server.requests("/resourcelist.xml");
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                while (!stopping && server.requests("/resourcelist.xml") <= lists && System.nanoTime() < end) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
                }
                TestHttpServer.respond(exchange, 200, new byte[BIG], "application/octet-stream");
            });
        }
        server.serve("/resourcelist.xml", """
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                %s</urlset>""".formatted(urls), "application/xml");
        return "resourcesync:" + server.uri("/resourcelist.xml") + "?delay=10&maxRetries=0&maxEventAttempts=0"
               + "&spoolThreshold=1024&stateDirectory=" + dir.resolve("state") + "&spoolDirectory="
               + dir.resolve("spool");
    }

    @Test
    void bodiesFetchedAfterAStoppedPollAreDeleted() throws Exception {
        String from = source(20);
        List<String> delivered = new CopyOnWriteArrayList<>();
        context = new DefaultCamelContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(from).routeId("harvest").process(e -> delivered.add(e.getIn().getHeader(
                        ResourceSyncConstants.LOCATION, String.class)));
            }
        });
        context.start();
        SyncEventPollingConsumer consumer = Polls.consumer(context, "harvest");
        Polls.awaitFullPolls(consumer, 4);
        context.getShutdownStrategy().setTimeout(20);
        context.getRouteController().stopRoute("harvest");
        assertFalse(context.getShutdownStrategy().isTimeoutOccurred(), "the route stopped without waiting for"
                                                                        + " fetches it would not deliver");
        stopping = true;

        assertTrue(server.requests("/res/big0.bin") >= 4, "each poll fetched ahead of the failed resource");
        assertEquals(List.of(), delivered, "the poll stops at the failed first resource (breakOnFirstError)");
        // the fetches of the last poll complete now, after their run was closed: once the fetch workers are idle,
        // no body may be left (not even for the garbage collector to find)
        ThreadPoolExecutor fetchPool = (ThreadPoolExecutor) context.getComponent("resourcesync",
                ResourceSyncComponent.class).fetchPool();
        await().atMost(Polls.TIMEOUT).until(() -> fetchPool.getCompletedTaskCount() == fetchPool.getTaskCount());
        assertEquals(List.of(), SpoolFiles.in(dir.resolve("spool")));
    }

    /**
     * A poll that stops at a failed event (breakOnFirstError) has already fetched the bodies of events after it, some
     * handed to the consumer in the same batch: each is deleted when the poll ends, none waits for the next poll.
     */
    @Test
    void aPollStoppedAtAFailedEventDeletesTheBodiesOfTheEventsAfterIt() throws Exception {
        StringBuilder urls = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            server.serve("/res/big" + i + ".bin", new byte[BIG], "application/octet-stream");
            urls.append("<url><loc>").append(server.uri("/res/big" + i + ".bin")).append("</loc></url>\n");
        }
        server.serve("/resourcelist.xml", """
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                %s</urlset>""".formatted(urls), "application/xml");
        List<String> delivered = new CopyOnWriteArrayList<>();
        context = new DefaultCamelContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + server.uri("/resourcelist.xml") + "?initialDelay=3600000&delay=3600000"
                     + "&spoolThreshold=1024&stateDirectory=" + dir.resolve("state") + "&spoolDirectory="
                     + dir.resolve("spool")).routeId("harvest").process(e -> {
                         String location = e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class);
                         if (location.endsWith("/big2.bin")) {
                             throw new IllegalStateException("the sink refuses big2");
                         }
                         delivered.add(location);
                     });
            }
        });
        context.start();
        Polls.consumer(context, "harvest").run();
        assertEquals(List.of(server.uri("/res/big0.bin").toString(), server.uri("/res/big1.bin").toString()),
                delivered, "the poll stopped at big2");
        ThreadPoolExecutor fetchPool = (ThreadPoolExecutor) context.getComponent("resourcesync",
                ResourceSyncComponent.class).fetchPool();
        await().atMost(Polls.TIMEOUT).until(() -> fetchPool.getCompletedTaskCount() == fetchPool.getTaskCount());
        assertEquals(List.of(), SpoolFiles.in(dir.resolve("spool")));
    }

    @Test
    void spoolFilesOfAProcessThatWasKilledAreDeletedByTheNextOne() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor(Polls.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        Path stale = dir.resolve("spool/resourcesync-spool-" + gone.pid() + "/resourcesync-1.spool");
        Files.createDirectories(stale.getParent());
        Files.write(stale, new byte[BIG]);
        Path notOurs = Files.writeString(dir.resolve("spool/notes.txt"), "someone else's");

        server.serve("/res/a.bin", new byte[BIG], "application/octet-stream");
        server.serve("/resourcelist.xml", """
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                <url><loc>%s</loc></url></urlset>""".formatted(server.uri("/res/a.bin")), "application/xml");
        List<Integer> lengths = new CopyOnWriteArrayList<>();
        context = new DefaultCamelContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + server.uri("/resourcelist.xml") + "?delay=3600000&spoolThreshold=1024"
                     + "&stateDirectory=" + dir.resolve("state") + "&spoolDirectory=" + dir.resolve("spool"))
                        .process(e -> lengths.add(e.getIn().getBody(byte[].class).length));
            }
        });
        context.start();
        await().atMost(Polls.TIMEOUT).until(() -> lengths.size() == 1);

        assertEquals(List.of(BIG), lengths);
        assertFalse(Files.exists(stale.getParent()), "the dead process's spool directory was deleted");
        assertTrue(Files.exists(notOurs), "files that are not a process's spool directory are left alone");
        await().atMost(Polls.TIMEOUT).until(() -> SpoolFiles.in(dir.resolve("spool")).equals(List.of(notOurs)));
    }
}
