package io.github.camelresourcesync.validate;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

/** {@code mode=validate}: one exchange per finding, with its headers, then the report exchange. */
class ResourceSyncValidateTest {

    private static final long TIMEOUT = 120;

    private record Run(List<Message> findings, Message report) {
    }

    private static Run validate(ValidSource source, String options) throws Exception {
        source.serve();
        List<Message> findings = new CopyOnWriteArrayList<>();
        List<Message> reports = new CopyOnWriteArrayList<>();
        CamelContext context = new DefaultCamelContext();
        try {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base + "/?mode=validate&repeatCount=1&initialDelay=0&maxRetries=0"
                         + options)
                            .choice()
                            .when(header(ResourceSyncConstants.VALIDATE_RESULT).isEqualTo("report"))
                            .process(e -> reports.add(e.getIn().copy()))
                            .otherwise()
                            .process(e -> findings.add(e.getIn().copy()));
                }
            });
            context.start();
            await().atMost(TIMEOUT, TimeUnit.SECONDS).until(() -> !reports.isEmpty());
            return new Run(List.copyOf(findings), reports.get(0));
        } finally {
            context.stop();
        }
    }

    @Test
    void aGapBetweenChangeListsIsOneFindingExchangeAndTheReportSaysInvalid() throws Exception {
        try (ValidSource source = new ValidSource()) {
            source.edit("/changelist-index.xml", "<loc>{base}/cl2.xml</loc><rs:md from=\"2026-02-01",
                    "<loc>{base}/cl2.xml</loc><rs:md from=\"2026-02-10")
                    .edit("/cl2.xml", "from=\"2026-02-01", "from=\"2026-02-10");
            Run run = validate(source, "&sample=5");
            Message gap = run.findings().stream().filter(m -> "window-gap".equals(m.getHeader(
                    ResourceSyncConstants.VALIDATE_RULE))).findFirst().orElseThrow();
            assertEquals("error", gap.getHeader(ResourceSyncConstants.VALIDATE_SEVERITY));
            assertEquals("ResourceSync 1.1 §12.2; Archives 1.0", gap.getHeader(ResourceSyncConstants.VALIDATE_SECTION));
            assertEquals(source.base + "/changelist-index.xml", gap.getHeader(ResourceSyncConstants.VALIDATE_DOCUMENT));
            assertEquals(source.base + "/cl2.xml", gap.getHeader(ResourceSyncConstants.VALIDATE_LOC));
            assertEquals(6L, gap.getHeader(ResourceSyncConstants.VALIDATE_LINE, Long.class));
            assertTrue(gap.getBody(String.class).contains("are in no Change List"), gap.getBody(String.class));
            // what the specification asks for and what the Source has, each a header of its own for the route
            assertEquals("the Change Lists of an index or archive leave no period uncovered",
                    gap.getHeader(ResourceSyncConstants.VALIDATE_EXPECTED));
            String found = gap.getHeader(ResourceSyncConstants.VALIDATE_FOUND, String.class);
            assertTrue(found != null && found.startsWith("changes between ") && found.endsWith(" are in no Change List"),
                    found);
            Message report = run.report();
            assertEquals(Boolean.FALSE, report.getHeader(ResourceSyncConstants.VALIDATE_VALID));
            assertEquals(Boolean.TRUE, report.getHeader(ResourceSyncConstants.VALIDATE_COMPLETE));
            assertEquals(1L, report.getHeader(ResourceSyncConstants.VALIDATE_ERRORS, Long.class));
            assertTrue(report.getHeader(ResourceSyncConstants.VALIDATE_JSON, String.class).contains("\"window-gap\":1"));
        }
    }

    @Test
    void aCleanSourceSendsItsDiscoveryRoutesAndAValidReport() throws Exception {
        try (ValidSource source = new ValidSource()) {
            Run run = validate(source, "");
            assertTrue(run.findings().stream().allMatch(m -> "info".equals(m.getHeader(
                    ResourceSyncConstants.VALIDATE_SEVERITY))), () -> run.findings().toString());
            assertEquals(Boolean.TRUE, run.report().getHeader(ResourceSyncConstants.VALIDATE_VALID));
            assertTrue(run.report().getBody(String.class).contains("VALID"));
            // the report counts what was sent: every finding an info, no warning, no error
            assertEquals((long) run.findings().size(), run.report().getHeader(ResourceSyncConstants.VALIDATE_INFOS,
                    Long.class));
            assertEquals(0L, run.report().getHeader(ResourceSyncConstants.VALIDATE_WARNINGS, Long.class));
            assertEquals(0L, run.report().getHeader(ResourceSyncConstants.VALIDATE_ERRORS, Long.class));
            // a discovery route's finding names a URL, not a line of a document: no loc or line header
            Message route = run.findings().stream().filter(m -> m.getHeader(ResourceSyncConstants.VALIDATE_LOC)
                    == null).findFirst().orElseThrow(() -> new AssertionError(run.findings()));
            assertEquals(null, route.getHeader(ResourceSyncConstants.VALIDATE_LINE));
        }
    }

    @Test
    void theEndpointsSampleReachesTheValidatorAndZeroFetchesNoResource() throws Exception {
        try (ValidSource source = new ValidSource()) {
            validate(source, "");
            assertTrue(source.server.requests("/r/a.txt") > 0, "the default sample fetches the listed resources");
        }
        try (ValidSource source = new ValidSource()) {
            Run run = validate(source, "&sample=0");
            assertEquals(Boolean.TRUE, run.report().getHeader(ResourceSyncConstants.VALIDATE_VALID));
            assertEquals(0, source.server.requests("/r/a.txt"));
            assertEquals(0, source.server.requests("/r/b.txt"));
        }
    }

    @Test
    void aTimeALittleAheadOfThisClockIsAFindingOnlyBeyondTheClockSkewTolerance() throws Exception {
        // the Resource List made two minutes from now: within the default tolerance (five minutes), not within one
        String soon = Instant.now().plus(2, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS).toString();
        try (ValidSource source = new ValidSource()) {
            aheadBy(source, soon);
            assertEquals(List.of(), futureTimes(validate(source, "&sample=0")).stream()
                    .map(m -> m.getBody(String.class)).toList());
        }
        try (ValidSource source = new ValidSource()) {
            aheadBy(source, soon);
            List<Message> future = futureTimes(validate(source, "&sample=0&clockSkewTolerance=60000"));
            assertTrue(!future.isEmpty() && future.stream().allMatch(m -> (source.base + "/resourcelist.xml").equals(
                    m.getHeader(ResourceSyncConstants.VALIDATE_DOCUMENT))), future::toString);
            assertTrue(future.get(0).getBody(String.class).contains(soon), future.get(0).getBody(String.class));
        }
    }

    private static void aheadBy(ValidSource source, String time) {
        source.edit("/resourcelist.xml", "at=\"2026-01-20T00:00:00Z\" completed=\"2026-01-20T00:01:00Z\"",
                "at=\"" + time + "\" completed=\"" + time + "\"");
    }

    private static List<Message> futureTimes(Run run) {
        return run.findings().stream().filter(m -> "future-time".equals(m.getHeader(
                ResourceSyncConstants.VALIDATE_RULE))).toList();
    }

    @Test
    void aFindingTheRouteFailsOnGoesToTheExceptionHandlerAndTheValidationGoesOn() throws Exception {
        RecordingExceptionHandler failures = new RecordingExceptionHandler();
        List<Message> reports = new CopyOnWriteArrayList<>();
        CamelContext context = new DefaultCamelContext();
        context.getRegistry().bind("failures", failures);
        try (ValidSource source = new ValidSource()) {
            source.serve();
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base + "/?mode=validate&repeatCount=1&initialDelay=0&maxRetries=0"
                         + "&exceptionHandler=#failures")
                            .choice()
                            .when(header(ResourceSyncConstants.VALIDATE_RESULT).isEqualTo("report"))
                            .process(e -> reports.add(e.getIn().copy()))
                            .otherwise()
                            .throwException(new IllegalStateException("the findings table is away"));
                }
            });
            context.start();
            await().atMost(TIMEOUT, TimeUnit.SECONDS).until(() -> !reports.isEmpty());
            // every finding failed in the route and was handed over, with its exchange; the report still came
            long findings = reports.get(0).getHeader(ResourceSyncConstants.VALIDATE_INFOS, Long.class);
            assertTrue(findings > 0);
            assertEquals(findings, failures.failedEvents().size());
            for (Exchange failed : failures.failedEvents()) {
                assertEquals("finding", failed.getIn().getHeader(ResourceSyncConstants.VALIDATE_RESULT));
                assertEquals("the findings table is away",
                        failed.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class).getMessage());
            }
            assertTrue(failures.pollFailures().isEmpty(), () -> failures.pollFailures().toString());
        } finally {
            context.stop();
        }
    }
}
