package io.github.camelresourcesync.validate;

import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.ResourceSyncValidateConsumer;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.Polls;
import org.apache.camel.CamelContext;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a {@code mode=validate} poll tells Camel and the log: it counts every finding and the report it sent, so with
 * {@code sendEmptyMessageWhenIdle=true} no empty exchange follows a validation; its report is logged at INFO when the
 * Source is valid, else at WARN.
 */
class ValidatePollsTest {

    /** The route's exchanges, each as its result header and rule ("empty" for an empty exchange). */
    private final List<String> received = new ArrayList<>();

    /** Runs {@code polls} polls of a validate route over {@code source}, each on the test's thread. */
    private void validate(ValidSource source, String start, int polls) throws Exception {
        source.serve();
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    // no scheduled poll: the test runs each poll itself
                    from("resourcesync:" + source.base + start + "?mode=validate&sample=0&maxRetries=0"
                         + "&initialDelay=3600000&delay=3600000&sendEmptyMessageWhenIdle=true").routeId("validate")
                            .process(e -> received.add(describe(e.getIn())));
                }
            });
            context.start();
            SyncEventPollingConsumer consumer = Polls.consumer(context, "validate");
            for (int i = 0; i < polls; i++) {
                consumer.run();
            }
        }
    }

    private static String describe(Message m) {
        String result = m.getHeader(ResourceSyncConstants.VALIDATE_RESULT, String.class);
        if (result == null) {
            return m.getBody() == null ? "empty" : "unexpected " + m;
        }
        return result.equals("report") ? "report" : result + " " + m.getHeader(ResourceSyncConstants.VALIDATE_RULE);
    }

    @Test
    void aValidationWithOneFindingIsNotAnIdlePoll() throws Exception {
        try (ValidSource source = new ValidSource()) {
            // the well-known URI is then the only discovery route: one finding
            source.resources.remove("/robots.txt");
            validate(source, "/.well-known/resourcesync", 2);
        }
        assertEquals(List.of("finding discovery-route", "report", "finding discovery-route", "report"), received,
                "each poll's finding and report, and no empty exchange after either");
    }

    @Test
    void theReportIsLoggedAtInfoWhenTheSourceIsValidElseAtWarn() throws Exception {
        String logger = ResourceSyncValidateConsumer.class.getName();
        try (ValidSource source = new ValidSource(); LogCapture log = LogCapture.debug(logger)) {
            validate(source, "/", 1);
            assertTrue(log.contains("INFO Validation of " + source.base + "/: VALID;"), () -> String.join("\n",
                    log.lines()));
            assertTrue(log.lines().stream().noneMatch(l -> l.startsWith("WARN")), () -> String.join("\n",
                    log.lines()));
        }
        try (ValidSource source = new ValidSource(); LogCapture log = LogCapture.debug(logger)) {
            // a gap between the Change Lists: an error
            source.edit("/changelist-index.xml", "<loc>{base}/cl2.xml</loc><rs:md from=\"2026-02-01",
                    "<loc>{base}/cl2.xml</loc><rs:md from=\"2026-02-10")
                    .edit("/cl2.xml", "from=\"2026-02-01", "from=\"2026-02-10");
            validate(source, "/", 1);
            assertTrue(log.contains("WARN Validation of " + source.base + "/: INVALID; 1 errors"),
                    () -> String.join("\n", log.lines()));
            assertTrue(log.lines().stream().noneMatch(l -> l.startsWith("INFO")), () -> String.join("\n",
                    log.lines()));
        }
    }
}
