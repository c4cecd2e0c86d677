package io.github.camelresourcesync.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestHttpServer.Resource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The other side of {@link ValidatorRulesTest}: Sources at the edge of a rule that keep it, and must find nothing
 * (beyond the infos of the discovery routes). The clean {@link ValidSource} itself is {@link ValidatorTest}.
 */
class ValidatorRulesKeptTest {

    private static Arguments kept(Rule rule, String what, Consumer<ValidSource> edit) {
        return Arguments.of(rule, what, edit);
    }

    static Stream<Arguments> keptSources() {
        return Stream.of(
                kept(Rule.NOTIFICATION_HUB, "a hub that answers a GET with 405 (it takes POSTs)", s -> {
                    s.resources.remove("/hub");
                    s.server.handle("/hub", TestHttpServer.status(405));
                }),
                kept(Rule.NOTIFICATION_HUB, "a hub that answers a GET with 400 (no hub.mode)", s -> {
                    s.resources.remove("/hub");
                    s.server.handle("/hub", TestHttpServer.status(400));
                }),
                kept(Rule.GZIP, "a gzip-encoded Change List, whole", s -> {
                    byte[] gz = TestHttpServer.gzip(s.expand(s.documents.remove("/cl2.xml"))
                            .getBytes(StandardCharsets.UTF_8));
                    s.resources.put("/cl2.xml", Resource.of(gz).contentType("application/xml"));
                }),
                kept(Rule.ENTRY_LIMIT, "a Change List of exactly 50,000 changes", s -> {
                    StringBuilder sb = new StringBuilder();
                    for (int i = 1; i < 50_000; i++) {
                        sb.append("<url><loc>{base}/r/a.txt</loc><rs:md change=\"updated\""
                                  + " datetime=\"2026-02-02T00:00:00Z\"/></url>\n");
                    }
                    s.edit("/cl2.xml", "</urlset>", sb + "</urlset>");
                }),
                kept(Rule.CONTENT_VALIDATORS, "a resource served with an ETag only",
                        s -> s.resources.put("/r/b.txt", Resource.of(ValidSource.B).contentType("text/plain")
                                .etag("\"b1\""))),
                kept(Rule.DISCOVERY_DISAGREE, "robots.txt without a Sitemap line",
                        s -> s.resources.put("/robots.txt", Resource.of("User-agent: *\nDisallow:\n")
                                .contentType("text/plain"))));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("keptSources")
    void findsNothing(Rule rule, String what, Consumer<ValidSource> edit) throws Exception {
        try (ValidSource source = new ValidSource()) {
            edit.accept(source);
            List<Finding> found = source.validate(10);
            assertEquals(List.of(), found.stream().filter(f -> f.rule() != Rule.DISCOVERY_ROUTE)
                    .map(Finding::message).toList(), rule + ": " + what);
            assertEquals(true, source.lastReport.valid(), source.lastReport::text);
        }
    }
}
