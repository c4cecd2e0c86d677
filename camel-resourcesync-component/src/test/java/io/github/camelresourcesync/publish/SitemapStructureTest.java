package io.github.camelresourcesync.publish;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.github.camelresourcesync.testsupport.SitemapStructure;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The structural check itself: it passes a conformant document and names what is wrong in broken ones. */
class SitemapStructureTest {

    private static final String HEAD = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                                       + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">";

    private static List<String> check(String xml) {
        return SitemapStructure.check(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "doc");
    }

    private static void assertProblem(String xml, String expected) {
        List<String> problems = check(xml);
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), "expected '" + expected + "' in "
                                                                           + problems);
    }

    @Test
    void conformantChangeListPasses() {
        assertEquals(List.of(), check(HEAD + "<rs:md capability=\"changelist\" from=\"2025-01-01T00:00:00Z\"/>"
                                      + "<url><loc>http://e.org/a</loc><lastmod>2025-01-01T00:00:00Z</lastmod>"
                                      + "<rs:md change=\"updated\" datetime=\"2025-01-01T00:00:00Z\""
                                      + " hash=\"md5:00ff\" length=\"3\" type=\"text/plain\"/>"
                                      + "<rs:ln rel=\"via\" href=\"http://o.org/a\"/></url></urlset>"));
    }

    @Test
    void namesEachViolation() {
        assertProblem("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.8\"/>", "root must be");
        assertProblem(HEAD + "<url><loc>http://e.org/a</loc></url></urlset>", "no rs:md");
        assertProblem(HEAD + "<rs:md capability=\"changelist\" from=\"2025-01-01T00:00:00Z\"/><url>"
                      + "<loc>http://e.org/a</loc><rs:md change=\"updated\"/></url></urlset>", "needs rs:md datetime");
        assertProblem(HEAD + "<rs:md capability=\"resourcelist\"/></urlset>", "needs rs:md at");
        assertProblem(HEAD + "<rs:md capability=\"resourcelist\" at=\"2025\"/><url><lastmod>2025</lastmod>"
                      + "<loc>http://e.org/a</loc></url></urlset>", "out of order");
        assertProblem(HEAD + "<rs:md capability=\"resourcelist\" at=\"2025\"/><url><loc>http://e.org/a</loc>"
                      + "<rs:md hash=\"MD5-00\" length=\"-1\"/></url></urlset>", "hash='MD5-00'");
        assertProblem(HEAD + "<rs:md capability=\"resourcelist\" at=\"yesterday\"/></urlset>", "W3C datetime");
        assertProblem(HEAD + "<rs:md capability=\"resourcelist\" at=\"2025\"/><url><loc>a/b</loc></url></urlset>",
                "absolute URI");
        assertProblem(HEAD + "<rs:md capability=\"resourcelist\" at=\"2025\"/><url><loc>http://e.org/a</loc>"
                      + "<rs:ln href=\"http://e.org/b\"/></url></urlset>", "rel and href are required");
        assertProblem(HEAD + "<rs:md capability=\"resourcelist\" at=\"2025\"/>", "not well-formed");
    }
}
