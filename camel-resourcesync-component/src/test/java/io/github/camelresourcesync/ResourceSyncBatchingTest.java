package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.camelresourcesync.harvest.FixityException;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code batching=true}: one exchange per batch of events with a {@code List<SyncEvent>} body, committed as a whole,
 * failed as a whole, and events that failed before delivery still alone with their exception.
 */
class ResourceSyncBatchingTest {

    @TempDir
    Path tmp;

    /** What each exchange carried: its body's events (location -> content), in order. */
    private final List<List<SyncEvent>> batches = new CopyOnWriteArrayList<>();
    private final Map<String, String> contents = new java.util.concurrent.ConcurrentHashMap<>();
    private final RecordingExceptionHandler recorder = new RecordingExceptionHandler();

    private CamelContext start(TestSource source, String options, AtomicInteger failuresLeft) throws Exception {
        CamelContext context = TestContexts.withStateIn(tmp.resolve("state"));
        context.getRegistry().bind("recorder", recorder);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?delay=100&initialDelay=0&batching=true&retryDelay=5"
                     + "&maxRetries=1&exceptionHandler=#recorder" + options).routeId("sync")
                        .process(e -> {
                            @SuppressWarnings("unchecked")
                            List<SyncEvent> body = e.getIn().getBody(List.class);
                            if (failuresLeft.getAndDecrement() > 0) {
                                throw new IllegalStateException("the bulk insert failed");
                            }
                            for (SyncEvent ev : body) {
                                // the content is open while the exchange runs, and verified
                                contents.put(ev.location().getPath(), ev.content() == null ? "<none>"
                                        : new String(ev.content().openStream().readAllBytes(),
                                        StandardCharsets.UTF_8));
                            }
                            batches.add(List.copyOf(body));
                        });
            }
        });
        context.start();
        return context;
    }

    /**
     * The bodies of one batch are held in memory together until its exchange completes: a batch is cut at
     * {@link SyncEventPollingConsumer#MAX_BATCH_BYTES} of bodies (a body may cross it), however many events remain.
     */
    @Test
    void aBatchHoldsAtMostTheByteCapOfBodies() throws Exception {
        int size = 200 * 1024;
        int count = (int) (SyncEventPollingConsumer.MAX_BATCH_BYTES / size) + 10;
        try (TestSource source = new TestSource()) {
            for (int i = 0; i < count; i++) {
                source.put("/res/r" + i + ".bin", (i + ":").repeat(size / 2).substring(0, size));
            }
            start(source, "&spoolThreshold=" + 256 * 1024, new AtomicInteger());
            await().atMost(60, TimeUnit.SECONDS).until(() -> allEvents().size() == count);

            assertTrue(batches.size() >= 2, "the baseline came in more than one batch: " + batches.size());
            for (List<SyncEvent> batch : batches) {
                long bytes = batch.stream().mapToLong(e -> e.contentLength()).sum();
                assertTrue(bytes < SyncEventPollingConsumer.MAX_BATCH_BYTES + size, "a batch of " + bytes + " bytes");
            }
            for (int i = 0; i < count; i++) {
                assertEquals((i + ":").repeat(size / 2).substring(0, size), contents.get("/res/r" + i + ".bin"));
            }
        }
    }

    private List<SyncEvent> allEvents() {
        List<SyncEvent> all = new ArrayList<>();
        batches.forEach(all::addAll);
        return all;
    }

    @Test
    void baselineAndChangesArriveAsListsAndAreCommittedPerExchange() throws Exception {
        try (TestSource source = new TestSource()) {
            for (int i = 0; i < 25; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            CamelContext first = start(source, "", new AtomicInteger());
            await().atMost(60, TimeUnit.SECONDS).until(() -> allEvents().size() == 25);
            assertEquals(1, batches.size(), "one exchange for the whole baseline: " + batches.size());
            assertEquals("resource 7", contents.get("/res/r7.txt"));
            assertTrue(allEvents().stream().allMatch(e -> e.change() == ChangeType.CREATED));

            source.change("/res/r3.txt", "resource 3, version 2");
            source.delete("/res/r4.txt");
            await().atMost(60, TimeUnit.SECONDS).until(() -> allEvents().size() == 27);
            List<SyncEvent> changes = batches.get(batches.size() - 1);
            assertEquals(List.of(ChangeType.UPDATED, ChangeType.DELETED),
                    changes.stream().map(SyncEvent::change).toList());
            assertEquals("resource 3, version 2", contents.get("/res/r3.txt"));
            assertEquals("<none>", contents.get("/res/r4.txt"));
            first.stop();

            // committed: a restart delivers only what changed since
            source.change("/res/r5.txt", "resource 5, version 2");
            CamelContext second = start(source, "", new AtomicInteger());
            await().atMost(60, TimeUnit.SECONDS).until(() -> allEvents().size() >= 28);
            Polls.awaitQuiet(second, "sync");
            second.stop();
            assertEquals(28, allEvents().size(), "nothing delivered twice: " + allEvents().size());
        }
    }

    @Test
    void aFailedBatchComesAgainWholeAtTheNextPoll() throws Exception {
        try (TestSource source = new TestSource()) {
            for (int i = 0; i < 10; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            CamelContext context = start(source, "", new AtomicInteger(2));
            await().atMost(60, TimeUnit.SECONDS).until(() -> allEvents().size() >= 10);
            Polls.awaitQuiet(context, "sync");
            context.stop();
            assertEquals(1, batches.size());
            assertEquals(10, allEvents().stream().map(SyncEvent::eventId).distinct().count());
            assertEquals(2, recorder.failedEvents().size(), "each failure reported once, for the whole batch");
            Exchange failed = recorder.failedEvents().get(0);
            assertEquals("the bulk insert failed", failed.getException().getMessage());
            assertEquals(10, failed.getIn().getBody(List.class).size());
        }
    }

    @Test
    void anEventThatFailedFixityArrivesAloneBetweenTheBatchesAroundIt() throws Exception {
        try (TestSource source = new TestSource()) {
            Map<String, String> published = new TreeMap<>();
            for (int i = 0; i < 6; i++) {
                published.put("/res/r" + i + ".txt", "resource " + i);
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            // the published length, other bytes: only a hash tells
            source.override("/res/r3.txt", "resource X");
            CamelContext context = start(source, "&breakOnFirstError=false", new AtomicInteger());
            await().atMost(60, TimeUnit.SECONDS).until(() -> allEvents().size() == 5);
            // passed over, and tried again (alone) each poll
            await().atMost(60, TimeUnit.SECONDS).until(() -> recorder.failedEvents().size() >= 1);
            context.stop();
            assertEquals(2, batches.size(), "the good events before and after the bad one: " + batches);
            assertTrue(allEvents().stream().noneMatch(e -> e.location().getPath().equals("/res/r3.txt")));
            Exchange failed = recorder.failedEvents().get(0);
            assertInstanceOf(FixityException.class, failed.getException());
            assertTrue(failed.getException().getMessage().contains("hash mismatch for " + source.uri("/res/r3.txt")),
                    failed.getException().getMessage());
            assertEquals("res/r3.txt", failed.getIn().getHeader(Exchange.FILE_NAME));
            assertNull(failed.getIn().getBody());
        }
    }

    @Test
    void theMirrorTakesABatchAsItIs() throws Exception {
        try (TestSource source = new TestSource()) {
            for (int i = 0; i < 12; i++) {
                source.put("/res/r" + i + ".txt", "resource " + i);
            }
            CamelContext context = TestContexts.withStateIn(tmp.resolve("state"));
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?delay=100&initialDelay=0&batching=true")
                            .to("resourcesync-mirror:" + tmp.resolve("mirror"));
                }
            });
            context.start();
            await().atMost(60, TimeUnit.SECONDS).untilAsserted(
                    () -> MirrorAssertions.assertMirrors(source.snapshot(), tmp.resolve("mirror")));
            source.change("/res/r3.txt", "resource 3, version 2");
            source.delete("/res/r4.txt");
            await().atMost(60, TimeUnit.SECONDS).untilAsserted(
                    () -> MirrorAssertions.assertMirrors(source.snapshot(), tmp.resolve("mirror")));
            context.stop();
        }
    }
}
