package io.github.camelresourcesync;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.github.camelresourcesync.testsupport.SpoolFiles;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.StreamCache;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How bodies travel: spooled bodies reach the route as file-backed stream caches, events leave as soon as the head of
 * the run is ready (no batch barrier), fetch-ahead is bounded by the window, and endpoints share the component's
 * connection pools, fetch workers and poll scheduler instead of owning threads.
 */
class ContentPipelineTest {

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

    /** A Resource List at {@code /<name>/resourcelist.xml} of the given resources (path to body), served. */
    private String source(String name, List<String> paths) {
        StringBuilder urls = new StringBuilder();
        for (String p : paths) {
            urls.append("<url><loc>").append(server.uri(p)).append("</loc></url>\n");
        }
        server.serve("/" + name + "/resourcelist.xml", """
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                %s</urlset>""".formatted(urls), "application/xml");
        return "resourcesync:" + server.uri("/" + name + "/resourcelist.xml") + "?delay=3600000&stateDirectory="
               + dir.resolve("state");
    }

    private void start(RouteBuilder routes) throws Exception {
        context = new DefaultCamelContext();
        context.addRoutes(routes);
        context.start();
    }

    @Test
    void aBodyAboveTheThresholdReachesTheRouteAsASpooledStreamCache() throws Exception {
        byte[] big = new byte[3 * 1024 * 1024];
        new java.util.Random(7).nextBytes(big);
        server.serve("/res/big.bin", big, "application/octet-stream");
        String from = source("spool", List.of("/res/big.bin")) + "&spoolThreshold=65536&spoolDirectory="
                      + dir.resolve("spool");
        List<Object> bodies = new CopyOnWriteArrayList<>();
        List<Long> spooledDuringExchange = new CopyOnWriteArrayList<>();
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from(from).process(e -> {
                    bodies.add(e.getIn().getBody());
                    spooledDuringExchange.add(spooledBytes());
                }).to("file:" + dir.resolve("out"));
            }
        });
        await().atMost(30, TimeUnit.SECONDS).until(() -> Files.exists(dir.resolve("out/res/big.bin")));
        StreamCache cache = assertInstanceOf(StreamCache.class, bodies.get(0));
        assertFalse(cache.inMemory(), "a file-backed stream cache: Camel does not read it into memory again");
        assertEquals(big.length, spooledDuringExchange.get(0), "the body was spooled in spoolDirectory");
        assertTrue(java.util.Arrays.equals(big, Files.readAllBytes(dir.resolve("out/res/big.bin"))));
        await().atMost(10, TimeUnit.SECONDS).until(() -> spooledBytes() == 0);
    }

    private long spooledBytes() {
        return SpoolFiles.bytes(dir.resolve("spool"));
    }

    @Test
    void eventsBeforeASlowResourceAreDeliveredAndFetchAheadStaysWithinTheWindow() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        List<String> paths = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            String p = "/res/r" + i + ".txt";
            paths.add(p);
            if (i == 4) {
                server.handle(p, exchange -> {
                    try {
                        release.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    byte[] b = "slow".getBytes();
                    exchange.sendResponseHeaders(200, b.length);
                    exchange.getResponseBody().write(b);
                    exchange.close();
                });
            } else {
                server.serve(p, "body " + i, "text/plain");
            }
        }
        String from = source("slow", paths) + "&fetchParallelism=2&maxRetries=0";
        List<String> delivered = new CopyOnWriteArrayList<>();
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from(from).process(e -> delivered.add(e.getIn().getHeader(ResourceSyncConstants.LOCATION,
                        String.class).replaceAll(".*/", "")));
            }
        });
        // the three before the slow one arrive although it is still being fetched
        await().atMost(30, TimeUnit.SECONDS).until(() -> delivered.size() == 3);
        assertEquals(List.of("r1.txt", "r2.txt", "r3.txt"), delivered);
        // fetching goes on ahead of the slow one, but only within the window (2 x fetchParallelism)
        await().atMost(30, TimeUnit.SECONDS).until(() -> server.requests("/res/r7.txt") == 1);
        int fetchedAhead = 0;
        for (int i = 5; i <= 20; i++) {
            fetchedAhead += server.requests("/res/r" + i + ".txt");
        }
        assertTrue(fetchedAhead <= 3, "fetched ahead of the slow resource: " + fetchedAhead);
        assertEquals(3, delivered.size(), "nothing after the slow resource overtakes it");
        release.countDown();
        await().atMost(30, TimeUnit.SECONDS).until(() -> delivered.size() == 20);
        for (int i = 0; i < 20; i++) {
            assertEquals("r" + (i + 1) + ".txt", delivered.get(i), "in Source order");
        }
    }

    @Test
    void manyRoutesShareOnePoolOfConnectionsWorkersAndPollThreads() throws Exception {
        int routes = 100;
        List<String> froms = new ArrayList<>();
        for (int r = 0; r < routes; r++) {
            List<String> paths = List.of("/s" + r + "/a.txt", "/s" + r + "/b.txt");
            for (String p : paths) {
                server.serve(p, "content of " + p, "text/plain");
            }
            froms.add(source("s" + r, paths));
        }
        Set<String> before = threadNames();
        List<String> delivered = new CopyOnWriteArrayList<>();
        start(new RouteBuilder() {
            @Override
            public void configure() {
                for (String from : froms) {
                    from(from).process(e -> delivered.add(e.getIn().getHeader(ResourceSyncConstants.LOCATION,
                            String.class)));
                }
            }
        });
        await().atMost(60, TimeUnit.SECONDS).until(() -> delivered.size() == 2 * routes);
        ResourceSyncComponent component = context.getComponent("resourcesync", ResourceSyncComponent.class);
        assertEquals(1, component.fetchEngine().pools(), "one connection pool for endpoints with the same settings");
        List<String> added = threadNames().stream().filter(n -> !before.contains(n))
                .filter(n -> !n.startsWith("test-http")).sorted().collect(Collectors.toList());
        // the component's 10 poll and at most 16 fetch threads, one idle-connection evictor, the state store's and
        // Camel's own few: not a handful per route
        assertTrue(added.size() <= 40, added.size() + " threads for " + routes + " routes: " + added);
    }

    @Test
    void thePollSchedulerTakesThePollsOfThousandsOfRoutes() throws Exception {
        start(new RouteBuilder() {
            @Override
            public void configure() {
            }
        });
        ResourceSyncComponent component = context.getComponent("resourcesync", ResourceSyncComponent.class);
        List<java.util.concurrent.ScheduledFuture<?>> polls = new ArrayList<>();
        // what 2,000 routes' consumers do when they start: each schedules its periodic poll
        for (int i = 0; i < 2000; i++) {
            polls.add(component.pollScheduler().scheduleWithFixedDelay(() -> { }, 1, 1, TimeUnit.HOURS));
        }
        assertEquals(2000, polls.size());
        polls.forEach(p -> p.cancel(false));
    }

    private static Set<String> threadNames() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .collect(Collectors.toSet());
    }
}
