package io.github.camelresourcesync;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.harvest.FixityException;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an operator reads of a harvest in trouble: a body failing fixity, a resource answering 400, one answering 503
 * once, each counted in the JMX attributes, the meters and the health check as docs/operations.md lists them; and the
 * meters bound to the only {@code MeterRegistry} of the Camel registry whatever its name.
 */
class FailureCountersTest {

    private TestSource source;
    private CamelContext context;
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final RecordingExceptionHandler recorder = new RecordingExceptionHandler();

    @AfterEach
    void stop() throws Exception {
        if (context != null) {
            context.stop();
        }
        if (source != null) {
            source.close();
        }
    }

    @Test
    void aFixityFailureAnErrorResponseAndARetryAreCountedWhereAnOperatorReadsThem() throws Exception {
        long started = System.nanoTime();
        source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo").put("/res/c.txt", "charlie");
        source.fail("/res/a.txt", 503, 1); // retried, then delivered
        source.override("/res/b.txt", "tampered"); // not the length nor the hash the Resource List gives
        source.fail("/res/c.txt", 400, 1000); // a client error: the event fails, tried again each poll
        context = new DefaultCamelContext();
        context.getRegistry().bind("store", new InMemoryStateStore());
        context.getRegistry().bind("recorder", recorder);
        // not under camel-micrometer's name: the only MeterRegistry of the registry is used
        context.getRegistry().bind("prometheus", meters);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&delay=3600000&initialDelay=0&retryDelay=5"
                     + "&breakOnFirstError=false&maxEventAttempts=0&exceptionHandler=#recorder").routeId("sync")
                        .to("mock:out");
            }
        });
        context.start();
        SyncEventPollingConsumer consumer = Polls.consumer(context, "sync");
        await().atMost(60, TimeUnit.SECONDS).until(() -> consumer.getPolls() == 1);
        // two more polls, each trying b and c again; none runs beside them (the next scheduled one is an hour away)
        consumer.run();
        consumer.run();
        assertEquals(3L, consumer.getPolls());
        assertEquals(1L, consumer.getStatistics().events(), "a delivered");
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = consumerMBean();
        // the health check while it runs: UP (passed over, tried again each poll), the retry named
        Map<String, Object> health = consumer.getHealthCheck().call(Map.of()).getDetails();
        assertTrue(String.valueOf(health.get("resourcesync.last.retry")).contains("/res/a.txt"), health.toString());
        assertEquals(2L, server.getAttribute(name, "PendingRetries"), "b and c wait for their next attempt");
        String lastEventError = (String) server.getAttribute(name, "LastEventError");
        assertTrue(lastEventError.contains("/res/b.txt") || lastEventError.contains("/res/c.txt"), lastEventError);

        // no poll runs: the counters hold still to be compared with what the Source served
        long fixityFailures = recorder.failedEvents().stream()
                .filter(e -> e.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class) != null
                             && failedFixity(e.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class)))
                .count();
        assertTrue(fixityFailures >= 1, "b failed fixity");
        assertEquals(fixityFailures, server.getAttribute(name, "FixityFailures"));
        assertEquals((double) fixityFailures, meters.get("camel.resourcesync.fixity.failures").functionCounter().count());
        assertEquals(1L, server.getAttribute(name, "Retries"), "a's 503, once");
        assertEquals(1.0, meters.get("camel.resourcesync.retries").functionCounter().count());
        // every answer of status 400 or more: the 503 and each 400 of c
        long errors = 1 + source.requests("/res/c.txt");
        assertEquals((double) errors, meters.get("camel.resourcesync.http.errors").tag("routeId", "sync")
                .functionCounter().count());

        // the poll timer and the last poll's duration: a poll takes time, never more than the test ran
        long elapsedMillis = (System.nanoTime() - started) / 1_000_000;
        double polled = meters.get("camel.resourcesync.poll").functionTimer().totalTime(TimeUnit.MILLISECONDS);
        assertTrue(polled > 0 && polled <= elapsedMillis, polled + " ms of polls in " + elapsedMillis + " ms");
        long last = (Long) server.getAttribute(name, "LastPollDurationMillis");
        assertTrue(last >= 0 && last <= polled, "last poll " + last + " ms of " + polled + " ms");
    }

    private static boolean failedFixity(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof FixityException) {
                return true;
            }
        }
        return false;
    }

    private ObjectName consumerMBean() throws Exception {
        Set<ObjectName> names = ManagementFactory.getPlatformMBeanServer().queryNames(
                new ObjectName("org.apache.camel:context=" + context.getName() + ",type=consumers,*"), null);
        assertEquals(1, names.size(), names.toString());
        return names.iterator().next();
    }
}
