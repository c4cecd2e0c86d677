package io.github.camelresourcesync.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestHttpServer.Resource;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One broken Source per rule: the clean {@link ValidSource} with one thing broken, and the rule must be found (with
 * its severity and section); the clean Source itself finds none of them ({@link ValidatorTest}).
 */
class ValidatorRulesTest {

    private static final Set<Rule> COVERED = EnumSet.noneOf(Rule.class);

    private static Arguments broken(Rule rule, String what, Consumer<ValidSource> breakIt) {
        return Arguments.of(rule, what, breakIt);
    }

    static Stream<Arguments> brokenSources() {
        return Stream.of(
                broken(Rule.DISCOVERY_NONE, "no well-known URI, no link, no robots.txt", s -> {
                    s.documents.remove("/.well-known/resourcesync");
                    s.resources.put("/", Resource.of("<html><body>nothing</body></html>").contentType("text/html"));
                    s.resources.remove("/robots.txt");
                }),
                broken(Rule.DISCOVERY_WELL_KNOWN, "the Source Description elsewhere, the links pointing there", s -> {
                    s.put("/description.xml", s.documents.remove("/.well-known/resourcesync"));
                    s.resources.put("/", Resource.of("<html><head><link rel=\"resourcesync\" href=\"/description.xml\">"
                            + "</head></html>").contentType("text/html"));
                    s.resources.remove("/robots.txt");
                    s.edit("/caplist.xml", "/.well-known/resourcesync", "/description.xml");
                }),
                broken(Rule.DISCOVERY_DISAGREE, "robots.txt names another document", s -> s.resources.put(
                        "/robots.txt", Resource.of("Sitemap: " + s.base + "/caplist.xml\n").contentType("text/plain"))),
                broken(Rule.DOCUMENT_UNREACHABLE, "the manifest of a package is missing",
                        s -> s.documents.remove("/dump/manifest.xml")),
                broken(Rule.CAPABILITY_MISSING, "the Capability List claims a Change Dump that is not there",
                        s -> s.edit("/caplist.xml", "</urlset>", "<url><loc>{base}/changedump.xml</loc>"
                                + "<rs:md capability=\"changedump\"/></url>\n</urlset>")),
                broken(Rule.CAPABILITY_MISMATCH, "the Resource List says it is a Resource Dump",
                        s -> s.edit("/resourcelist.xml", "capability=\"resourcelist\"", "capability=\"resourcedump\"")),
                broken(Rule.CAPABILITY_ABSENT, "the Resource List says no capability",
                        s -> s.edit("/resourcelist.xml", "capability=\"resourcelist\" ", "")),
                broken(Rule.CAPABILITY_UNKNOWN, "a Capability List entry of an unknown capability",
                        s -> s.edit("/caplist.xml", "</urlset>", "<url><loc>{base}/x.xml</loc>"
                                + "<rs:md capability=\"everything\"/></url>\n</urlset>")),
                broken(Rule.DESCRIPTION_EMPTY, "a Source Description without Capability Lists",
                        s -> s.put("/.well-known/resourcesync", s.documents.get("/.well-known/resourcesync")
                                .replaceAll("<url>.*</url>\\n", ""))),
                broken(Rule.UP_LINK, "a Capability List without its up link",
                        s -> s.edit("/caplist.xml", "<rs:ln rel=\"up\" href=\"{base}/.well-known/resourcesync\"/>", "")),
                broken(Rule.INDEX_LINK, "a Change List linking another index",
                        s -> s.edit("/cl1.xml", "changelist-index.xml", "other-index.xml")),
                broken(Rule.XML_WELL_FORMED, "a truncated Resource List",
                        s -> s.edit("/resourcelist.xml", "</urlset>", "<url><loc>")),
                broken(Rule.NAMESPACE, "the ResourceSync namespace without its slash",
                        s -> s.edit("/resourcelist.xml", "rs/terms/", "rs/terms")),
                broken(Rule.ROOT_ELEMENT, "a Change List Index published as a urlset", s -> s.put(
                        "/changelist-index.xml", s.documents.get("/changelist-index.xml")
                                .replace("sitemapindex", "urlset").replace("sitemap>", "url>")
                                .replace("<rs:md from", "<rs:md capability=\"changelist\" from"))),
                broken(Rule.REQUIRED_ATTRIBUTE, "a Resource List without at",
                        s -> s.edit("/resourcelist.xml", " at=\"2026-01-20T00:00:00Z\"", "")),
                broken(Rule.COMPLETED_ABSENT, "a Resource List without completed",
                        s -> s.edit("/resourcelist.xml", " completed=\"2026-01-20T00:01:00Z\"", "")),
                broken(Rule.DATETIME_SYNTAX, "a lastmod that is no datetime",
                        s -> s.edit("/resourcelist.xml", "<lastmod>2026-01-05T00:00:00Z", "<lastmod>yesterday")),
                broken(Rule.DATETIME_ZONE, "a lastmod without a time zone",
                        s -> s.edit("/resourcelist.xml", "<lastmod>2026-01-05T00:00:00Z", "<lastmod>2026-01-05T00:00:00")),
                broken(Rule.TIME_ORDER, "a Resource List completed before it was begun",
                        s -> s.edit("/resourcelist.xml", "completed=\"2026-01-20T00:01:00Z\"",
                                "completed=\"2026-01-19T00:00:00Z\"")),
                broken(Rule.FUTURE_TIME, "a Resource List taken in the year 2999",
                        s -> s.edit("/resourcelist.xml", "at=\"2026-01-20T00:00:00Z\" completed=\"2026-01-20T00:01:00Z\"",
                                "at=\"2999-01-20T00:00:00Z\"")),
                broken(Rule.CHANGE_DATETIME, "a change without any time",
                        s -> s.edit("/cl2.xml", "<lastmod>2026-01-05T00:00:00Z</lastmod><rs:md change=\"updated\""
                                + " datetime=\"2026-02-02T00:00:00Z\"/>", "<rs:md change=\"updated\"/>")),
                broken(Rule.CHANGE_TYPE, "a change of an unknown type",
                        s -> s.edit("/cl2.xml", "change=\"updated\"", "change=\"modified\"")),
                broken(Rule.HASH_SYNTAX, "an md5 of 31 hex digits",
                        s -> s.edit("/resourcelist.xml", "hash=\"md5:", "hash=\"md5:0").edit("/resourcelist.xml",
                                "hash=\"md5:0", "hash=\"md5:").edit("/resourcelist.xml", "\" length=\"6\"",
                                "\" length=\"6\"").edit("/resourcelist.xml", " sha-256:", " md5:abc sha-256:")
                                .edit("/resourcelist.xml", "hash=\"md5:", "hash=\"md5:d")),
                broken(Rule.LENGTH, "a length that is no number",
                        s -> s.edit("/resourcelist.xml", "length=\"6\"", "length=\"six\"")),
                broken(Rule.LINK_RELATION, "a link priority that is no number",
                        s -> s.edit("/cl2.xml", "rel=\"index\"", "rel=\"index\" pri=\"high\"")),
                broken(Rule.LOC_SYNTAX, "a loc with a space",
                        s -> s.edit("/cl2.xml", "{base}/r/a.txt", "{base}/r/a file.txt")),
                broken(Rule.ENTRY_LIMIT, "a Change List of 50,001 changes", s -> {
                    StringBuilder sb = new StringBuilder();
                    for (int i = 0; i < 50_001; i++) {
                        sb.append("<url><loc>{base}/r/a.txt</loc><rs:md change=\"updated\" datetime=\"2026-02-02T00:00:00Z\"/></url>\n");
                    }
                    s.edit("/cl2.xml", "</urlset>", sb + "</urlset>");
                }),
                broken(Rule.GZIP, "a gzip-encoded Change List cut short", s -> {
                    byte[] gz = gzip(s.expand(s.documents.remove("/cl2.xml")));
                    byte[] cut = java.util.Arrays.copyOf(gz, gz.length / 2);
                    s.resources.put("/cl2.xml", Resource.of(cut).contentType("application/xml"));
                }),
                broken(Rule.READER_WARNING, "a media type that is none",
                        s -> s.edit("/resourcelist.xml", "type=\"text/plain\"", "type=\"text\"")),
                broken(Rule.WINDOW_OVERLAP, "two Change Lists covering January 20 to February 1", s -> s
                        .edit("/changelist-index.xml", "<loc>{base}/cl2.xml</loc><rs:md from=\"2026-02-01",
                                "<loc>{base}/cl2.xml</loc><rs:md from=\"2026-01-20")
                        .edit("/cl2.xml", "from=\"2026-02-01", "from=\"2026-01-20")),
                broken(Rule.WINDOW_GAP, "no Change List for February 1 to 10", s -> s
                        .edit("/changelist-index.xml", "<loc>{base}/cl2.xml</loc><rs:md from=\"2026-02-01",
                                "<loc>{base}/cl2.xml</loc><rs:md from=\"2026-02-10")
                        .edit("/cl2.xml", "from=\"2026-02-01", "from=\"2026-02-10")),
                broken(Rule.WINDOW_ORDER, "the index lists the later Change List first", s -> {
                    String index = s.documents.get("/changelist-index.xml");
                    String first = index.substring(index.indexOf("<sitemap>"), index.indexOf("</sitemap>") + 11);
                    s.put("/changelist-index.xml", index.replace(first, "").replace("</sitemapindex>",
                            first + "</sitemapindex>"));
                }),
                broken(Rule.WINDOW_MISMATCH, "the index and the Change List disagree on its period",
                        s -> s.edit("/cl1.xml", "until=\"2026-02-01", "until=\"2026-01-31")),
                broken(Rule.CHANGE_ORDER, "a Change List not in time order",
                        s -> s.edit("/cl1.xml", "datetime=\"2026-01-03T00", "datetime=\"2026-01-01T12")),
                broken(Rule.DUPLICATE_LOC, "a Resource List naming a resource twice",
                        s -> s.edit("/resourcelist.xml", "</urlset>", ValidSource.url("/r/a.txt", ValidSource.A)
                                + "</urlset>")),
                broken(Rule.OUTSIDE_AUTHORITY, "a resource on another host",
                        s -> s.edit("/cl2.xml", "{base}/r/a.txt", "http://127.0.0.2:9/r/a.txt")),
                broken(Rule.CONTENT_UNREACHABLE, "a listed resource that is not there",
                        s -> s.resources.remove("/r/b.txt")),
                broken(Rule.CONTENT_LENGTH, "a resource longer than listed",
                        s -> s.resources.put("/r/b.txt", Resource.of(ValidSource.B + "!").contentType("text/plain")
                                .lastModified(ValidSource.MODIFIED))),
                broken(Rule.CONTENT_HASH, "a resource changed in place, same length",
                        s -> s.resources.put("/r/b.txt", Resource.of(ValidSource.B.toUpperCase())
                                .contentType("text/plain").lastModified(ValidSource.MODIFIED))),
                broken(Rule.CONTENT_VALIDATORS, "a resource served without Last-Modified or ETag",
                        s -> s.resources.put("/r/b.txt", Resource.of(ValidSource.B).contentType("text/plain"))),
                broken(Rule.DUMP_CONTENTS_LINK, "a package without its manifest link",
                        s -> s.put("/resourcedump.xml", s.documents.get("/resourcedump.xml")
                                .replaceAll("<rs:ln rel=\"contents\"[^>]*>", ""))),
                broken(Rule.DUMP_PACKAGE, "a package without the bitstream its manifest lists",
                        s -> s.packageOf(s.documents.get("/dump/manifest.xml"), false)),
                broken(Rule.DUMP_PATH, "a manifest path that does not start with /", s -> {
                    s.edit("/dump/manifest.xml", "path=\"/resources", "path=\"resources");
                    s.packageOf(s.documents.get("/dump/manifest.xml"), true);
                }),
                broken(Rule.DUMP_HASH, "a manifest entry without a digest", s -> {
                    s.put("/dump/manifest.xml", s.documents.get("/dump/manifest.xml").replaceAll("hash=\"[^\"]*\" ", ""));
                    s.packageOf(s.documents.get("/dump/manifest.xml"), true);
                }),
                broken(Rule.DUMP_SIZE, "a package longer than listed",
                        s -> s.edit("/resourcedump.xml", "type=\"application/zip\" length=\"", "type=\"application/zip\""
                                + " length=\"1")),
                broken(Rule.NOTIFICATION_HUB, "a channel whose hub is gone", s -> s.resources.remove("/hub")),
                broken(Rule.NOTIFICATION_HUB, "a channel whose hub fails", s -> {
                    s.resources.remove("/hub");
                    s.server.handle("/hub", TestHttpServer.status(503));
                }),
                broken(Rule.NOTIFICATION_HUB, "a channel whose hub nobody listens on", s -> {
                    int closed;
                    try (TestHttpServer gone = TestHttpServer.start()) {
                        closed = gone.port();
                    }
                    s.edit("/caplist.xml", "<rs:ln rel=\"hub\" href=\"{base}/hub\"/>",
                            "<rs:ln rel=\"hub\" href=\"http://127.0.0.1:" + closed + "/hub\"/>");
                }),
                broken(Rule.NOTIFICATION_HUB, "a notification channel without a hub link",
                        s -> s.edit("/caplist.xml", "<rs:ln rel=\"hub\" href=\"{base}/hub\"/>", "")));
    }

    private static byte[] gzip(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("brokenSources")
    void findsTheBrokenRule(Rule rule, String what, Consumer<ValidSource> breakIt) throws Exception {
        try (ValidSource source = new ValidSource()) {
            breakIt.accept(source);
            List<Finding> found = source.validate(10);
            List<Finding> ofRule = found.stream().filter(f -> f.rule() == rule).toList();
            assertFalse(ofRule.isEmpty(), () -> rule + " not found; found: " + found.stream().map(Finding::message)
                    .collect(Collectors.joining(" | ")));
            Finding f = ofRule.get(0);
            assertTrue(f.document() != null && !f.found().isEmpty() && !f.expected().isEmpty(), f::message);
            assertEquals(rule.section(), f.rule().section());
            if (rule.severity() == Severity.ERROR) {
                assertFalse(source.lastReport.valid(), source.lastReport::text);
            }
            COVERED.add(rule);
        }
    }

    /** Every rule but the 50 MB one (its own test) has a broken Source above. */
    @AfterAll
    static void everyRuleIsBrokenOnce() {
        Set<Rule> missing = EnumSet.allOf(Rule.class);
        missing.removeAll(COVERED);
        missing.removeAll(List.of(Rule.DISCOVERY_ROUTE, Rule.SIZE_LIMIT));
        if (COVERED.size() > 5) { // only when the whole class ran
            assertEquals(new ArrayList<>(), new ArrayList<>(missing), "rules without a broken Source");
        }
    }
}
