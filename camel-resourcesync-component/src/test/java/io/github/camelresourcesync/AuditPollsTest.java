package io.github.camelresourcesync;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a {@code mode=audit} poll tells Camel and the log: it counts every discrepancy and the report it sent, so with
 * {@code sendEmptyMessageWhenIdle=true} only an audit that found nothing and sent no report ({@code auditReport=false})
 * is followed by an empty exchange; its report is logged at INFO when the destination is in sync, else at WARN.
 */
class AuditPollsTest {

    @TempDir
    Path mirror;

    private TestSource source;
    private CamelContext context;
    private LogCapture log;
    /** The route's exchanges, each as its audit result and file name ("empty" for an empty exchange). */
    private final List<String> received = new ArrayList<>();
    /** What the route does after it recorded an exchange. */
    private volatile java.util.function.Consumer<Exchange> inRoute = e -> { };

    @BeforeEach
    void start() throws Exception {
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
        // the destination holds what the Source lists
        Files.createDirectories(mirror.resolve("res"));
        Files.writeString(mirror.resolve("res/a.txt"), "alpha");
        Files.writeString(mirror.resolve("res/b.txt"), "bravo");
        log = LogCapture.debug(ResourceSyncAuditConsumer.class.getName());
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        source.close();
        log.close();
    }

    /** An audit route whose polls the test runs itself, on its own thread. */
    private SyncEventPollingConsumer auditRoute(String options) throws Exception {
        context = new DefaultCamelContext();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?mode=audit&auditDirectory=" + mirror + "&fetchContent=false"
                     + "&maxRetries=0&initialDelay=3600000&delay=3600000&sendEmptyMessageWhenIdle=true" + options)
                        .routeId("audit").process(e -> {
                            received.add(describe(e.getIn()));
                            inRoute.accept(e);
                        });
            }
        });
        context.start();
        return Polls.consumer(context, "audit");
    }

    private static String describe(Message m) {
        String result = m.getHeader(ResourceSyncConstants.AUDIT_RESULT, String.class);
        if (result == null) {
            return m.getBody() == null ? "empty" : "unexpected " + m;
        }
        return result.equals("report") ? "report" : result + " " + m.getHeader(Exchange.FILE_NAME);
    }

    @Test
    void anAuditThatSentItsReportIsNotAnIdlePoll() throws Exception {
        Files.delete(mirror.resolve("res/b.txt"));
        SyncEventPollingConsumer consumer = auditRoute("");
        consumer.run();
        consumer.run();
        assertEquals(List.of("missing res/b.txt", "report", "missing res/b.txt", "report"), received,
                "each audit's discrepancy and report, and no empty exchange after either");
        assertTrue(log.contains("WARN Audit of directory " + mirror + " against " + source.base(),
                "OUT OF SYNC; 2 listed, 1 matching, 1 missing"),
                () -> String.join("\n", log.lines()));
        assertTrue(log.lines().stream().noneMatch(l -> l.startsWith("INFO")), () -> String.join("\n", log.lines()));
    }

    @Test
    void anAuditStoppedWhileTheRouteHoldsADiscrepancyIsNotAnIdlePoll() throws Exception {
        Files.delete(mirror.resolve("res/b.txt"));
        SyncEventPollingConsumer consumer = auditRoute("&auditReport=false");
        Thread stopper = new Thread(consumer::stop);
        inRoute = e -> {
            stopper.start();
            await().atMost(Polls.TIMEOUT).until(() -> !consumer.isRunAllowed());
        };
        consumer.run();
        stopper.join(Polls.TIMEOUT.toMillis());
        assertEquals(List.of("missing res/b.txt"), received,
                "the discrepancy delivered before the stop, and no empty exchange into the stopping route");
    }

    @Test
    void withoutItsReportOnlyAnAuditThatFoundNothingIsIdle() throws Exception {
        SyncEventPollingConsumer consumer = auditRoute("&auditReport=false");
        consumer.run();
        assertEquals(List.of("empty"), received, "in sync, no report: an idle poll");
        assertTrue(log.contains("INFO Audit of directory " + mirror + " against " + source.base(),
                ": IN SYNC; 2 listed, 2 matching"),
                () -> String.join("\n", log.lines()));
        assertTrue(log.lines().stream().noneMatch(l -> l.startsWith("WARN")), () -> String.join("\n", log.lines()));

        Files.delete(mirror.resolve("res/b.txt"));
        consumer.run();
        assertEquals(List.of("empty", "missing res/b.txt"), received, "a discrepancy: not idle");
    }
}
