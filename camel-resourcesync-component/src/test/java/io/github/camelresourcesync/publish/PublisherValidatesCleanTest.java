package io.github.camelresourcesync.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.component.publish.PublishedSourceRoutes;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.validate.Finding;
import io.github.camelresourcesync.validate.Severity;
import io.github.camelresourcesync.validate.ValidateOptions;
import io.github.camelresourcesync.validate.ValidationReport;
import io.github.camelresourcesync.validate.Validator;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.apache.camel.CamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What this project's publisher writes, served by its own serving ({@link PublishedSourceRoutes} on platform-http),
 * is a valid Source at every step: after a baseline, after updates and deletions, after its Change Lists close into
 * Change Dumps and its Resource List grows into an index of parts (Resource Dump of as many packages); with the content of every resource sampled (digests, lengths, {@code Last-Modified}/{@code ETag}) and
 * the dump packages opened. Not one warning, not one error.
 */
class PublisherValidatesCleanTest {

    static final Instant T0 = Instant.parse("2026-02-01T08:00:00Z");

    @TempDir
    Path tmp;

    CamelContext context;
    URI base;
    final PublisherTest.MutableClock clock = new PublisherTest.MutableClock(T0);
    Publisher publisher;
    Instant time = T0;

    @BeforeEach
    void start() throws Exception {
        int port = TestContexts.freePort();
        base = URI.create("http://127.0.0.1:" + port + "/");
        Path site = tmp.resolve("site");
        context = TestContexts.servingPublishedSource(tmp.resolve("state"), port, site, "/");
        context.start();
        publisher = Publisher.open(new PublisherOptions().directory(site).baseUrl(base).clock(clock)
                .storeContent(true).resourceDump(true).changeDump(true).changeListSize(4).resourceListSize(4));
    }

    @AfterEach
    void close() {
        publisher.close();
        context.stop();
    }

    private void publish(String name, String content, ChangeType change) throws Exception {
        time = time.plusSeconds(60);
        URI uri = URI.create("http://origin.example/data/" + name);
        publisher.publish(new SyncEvent(null, uri, change, time, change == ChangeType.DELETED ? null : time, null,
                null, change == ChangeType.DELETED ? null : "text/plain", null, null, null, null, null, null, null),
                content == null ? null : new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)));
    }

    private ValidationReport assertValid(String step) throws Exception {
        clock.advance(Duration.ofMinutes(1));
        publisher.flush();
        List<Finding> found = new ArrayList<>();
        ValidationReport report;
        try (HttpFetcher fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY))) {
            report = new Validator(fetcher, new ValidateOptions().sample(50)).validate(base, found::add);
        }
        List<String> problems = found.stream().filter(f -> f.severity() != Severity.INFO).map(Finding::message)
                .toList();
        assertEquals(List.of(), problems, step + ": " + report.text());
        assertTrue(report.valid() && report.complete() && report.entries() > 0, step + ": " + report.text());
        return report;
    }

    @Test
    void everyStepOfThePublisherValidates() throws Exception {
        publish("a.txt", "alpha", ChangeType.CREATED);
        publish("b.txt", "bravo", ChangeType.CREATED);
        ValidationReport baseline = assertValid("after a baseline of two creations");
        assertEquals(2, baseline.sampled(), baseline::text);
        publish("a.txt", "alpha, again", ChangeType.UPDATED);
        publish("b.txt", null, ChangeType.DELETED);
        publish("c.txt", "charlie", ChangeType.CREATED);
        ValidationReport changed = assertValid("after an update, a deletion and a creation");
        assertEquals(2, changed.sampled(), changed::text); // a.txt and c.txt: b.txt is gone
        for (int i = 0; i < 6; i++) {
            publish("d" + i + ".txt", "delta " + i, ChangeType.CREATED);
            publish("a.txt", "alpha " + i, ChangeType.UPDATED);
        }
        publish("c.txt", null, ChangeType.DELETED);
        ValidationReport dumped = assertValid("after Change Lists closed into Change Dumps");
        assertEquals(7, dumped.sampled(), dumped::text); // a.txt and d0..d5
        // seven resources in Resource Lists of four: an index of two, and a Resource Dump of two packages
        assertTrue(Files.isRegularFile(tmp.resolve("site/resourcelists/resourcelist-00002.xml")));
        for (String dump : List.of("resourcedump-00001", "resourcedump-00002", "changedump-00001",
                "changedump-00002")) {
            assertTrue(Files.isRegularFile(tmp.resolve("site/dumps/" + dump + ".zip")), dump);
            assertTrue(Files.isRegularFile(tmp.resolve("site/dumps/" + dump + "-manifest.xml")), dump);
        }
    }
}
