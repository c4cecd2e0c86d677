package io.github.camelresourcesync.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.github.camelresourcesync.testsupport.TestHttpServer;

import org.junit.jupiter.api.Test;

/**
 * Content sampling beyond Resource Lists. A Source that has only Change Lists: the created and updated resources are
 * fetched and compared with their latest change (an older change's digest is not held against the resource, a
 * deleted resource is not fetched). A Source that has only a Resource Dump: the entries of its manifest are.
 */
class ContentSampleTest {

    /** A change carrying the digest and length of {@code content}. */
    private static String change(String path, String change, String datetime, String content, int length) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        return "<url><loc>{base}" + path + "</loc><rs:md change=\"" + change + "\" datetime=\"" + datetime
               + "\" hash=\"md5:" + ValidSource.digest("MD5", bytes) + "\" length=\"" + length + "\"/></url>\n";
    }

    private static ValidSource onlyChangeLists(String bravoListedAs, int bravoLength) {
        ValidSource s = new ValidSource();
        s.edit("/caplist.xml", "<url><loc>{base}/resourcelist.xml</loc><rs:md capability=\"resourcelist\"/></url>\n", "")
                .edit("/caplist.xml", "<url><loc>{base}/resourcedump.xml</loc><rs:md capability=\"resourcedump\"/>"
                        + "</url>\n", "");
        s.documents.remove("/resourcelist.xml");
        s.documents.remove("/resourcedump.xml");
        s.documents.remove("/dump/manifest.xml");
        s.edit("/cl1.xml", ValidSource.change("/r/a.txt", "created", "2026-01-02T00:00:00Z")
                + ValidSource.change("/r/b.txt", "created", "2026-01-03T00:00:00Z"),
                // a.txt's first version, since updated (cl2): its digest no longer holds and is not checked
                change("/r/a.txt", "created", "2026-01-02T00:00:00Z", "the first alpha", 15)
                + change("/r/b.txt", "created", "2026-01-03T00:00:00Z", bravoListedAs, bravoLength)
                // c.txt came and went: nothing to fetch
                + change("/r/c.txt", "created", "2026-01-04T00:00:00Z", "charlie", 7)
                + "<url><loc>{base}/r/c.txt</loc><rs:md change=\"deleted\" datetime=\"2026-01-05T00:00:00Z\"/></url>\n");
        s.edit("/cl2.xml", ValidSource.change("/r/a.txt", "updated", "2026-02-02T00:00:00Z"),
                change("/r/a.txt", "updated", "2026-02-02T00:00:00Z", ValidSource.A, ValidSource.A.length()));
        return s;
    }

    @Test
    void changeListsWhoseContentMatchesAreClean() throws Exception {
        try (ValidSource s = onlyChangeLists(ValidSource.B, ValidSource.B.length())) {
            List<Finding> found = s.validate(10);
            assertEquals(List.of(), found.stream().filter(f -> f.severity() != Severity.INFO)
                    .map(Finding::message).toList());
            assertEquals(2, s.lastReport.sampled(), s.lastReport::text); // a.txt and b.txt; not c.txt
        }
    }

    /** The index lists the later Change List first: a.txt's first digest, read last, is still not held against it. */
    @Test
    void theLatestChangeIsCheckedWhateverTheOrderTheListsAreRead() throws Exception {
        try (ValidSource s = onlyChangeLists(ValidSource.B, ValidSource.B.length())) {
            String index = s.documents.get("/changelist-index.xml");
            String first = index.substring(index.indexOf("<sitemap>"), index.indexOf("</sitemap>") + 11);
            s.put("/changelist-index.xml", index.replace(first, "").replace("</sitemapindex>",
                    first + "</sitemapindex>"));
            List<Finding> found = s.validate(10);
            assertEquals(List.of(Rule.WINDOW_ORDER), found.stream().filter(f -> f.rule() != Rule.DISCOVERY_ROUTE)
                    .map(Finding::rule).toList(), found::toString);
            assertEquals(2, s.lastReport.sampled(), s.lastReport::text);
        }
    }

    @Test
    void aChangeWhoseDigestAndLengthAreWrongIsFound() throws Exception {
        try (ValidSource s = onlyChangeLists("bravo, as it was never served", 30)) {
            List<Finding> found = s.validate(10);
            List<Finding> problems = found.stream().filter(f -> f.severity() != Severity.INFO).toList();
            assertEquals(List.of(Rule.CONTENT_LENGTH, Rule.CONTENT_HASH), problems.stream().map(Finding::rule)
                    .toList(), found::toString);
            for (Finding f : problems) {
                assertEquals(s.uri("/cl1.xml"), f.document(), f::message);
                assertEquals(s.base + "/r/b.txt", f.loc(), f::message);
                assertTrue(f.line() > 0, f::message);
            }
            assertEquals(2, s.lastReport.sampled(), s.lastReport::text);
        }
    }

    private static ValidSource onlyAResourceDump() {
        ValidSource s = new ValidSource();
        s.edit("/caplist.xml", "<url><loc>{base}/resourcelist.xml</loc><rs:md capability=\"resourcelist\"/></url>\n", "")
                .edit("/caplist.xml", "<url><loc>{base}/changelist-index.xml</loc><rs:md capability=\"changelist\"/>"
                        + "</url>\n", "");
        for (String doc : List.of("/resourcelist.xml", "/changelist-index.xml", "/cl1.xml", "/cl2.xml")) {
            s.documents.remove(doc);
        }
        return s;
    }

    @Test
    void aResourceDumpsManifestIsSampled() throws Exception {
        try (ValidSource s = onlyAResourceDump()) {
            List<Finding> found = s.validate(10);
            assertEquals(List.of(), found.stream().filter(f -> f.severity() != Severity.INFO)
                    .map(Finding::message).toList());
            assertEquals(1, s.lastReport.sampled(), s.lastReport::text); // a.txt, the manifest's one entry
        }
        try (ValidSource s = onlyAResourceDump()) {
            // changed in place since the dump, same length
            s.resources.put("/r/a.txt", TestHttpServer.Resource.of(ValidSource.A.toUpperCase())
                    .contentType("text/plain").lastModified(ValidSource.MODIFIED));
            List<Finding> found = s.validate(10);
            List<Finding> problems = found.stream().filter(f -> f.severity() != Severity.INFO).toList();
            assertEquals(List.of(Rule.CONTENT_HASH), problems.stream().map(Finding::rule).toList(),
                    found::toString);
            assertEquals(s.uri("/dump/manifest.xml"), problems.get(0).document());
            assertEquals(s.base + "/r/a.txt", problems.get(0).loc());
        }
    }
}
