package io.github.camelresourcesync.harvest;

import java.net.URI;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Which archived snapshot a Source offering only a {@code resourcedump-archive} (or {@code resourcelist-archive}) is
 * baselined from, on literal archives: the one taken last by its {@code at}, else its {@code lastmod}, whatever order
 * the archive lists them in, an entry with neither never winning over one that has a time; and an archive index is
 * followed into its parts.
 */
class ArchivesTest {

    private static final String URLSET = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n"
            + "  <rs:md capability=\"resourcedump-archive\"/>\n";

    @RegisterExtension
    final FetchRig rig = new FetchRig(1);
    private LiteralSource source;
    private DocumentLoader loader;

    @BeforeEach
    void start() throws Exception {
        source = new LiteralSource();
        loader = new DocumentLoader(rig.fetcher(), new SitemapReader(), new SyncProgress("test", 0));
    }

    @AfterEach
    void stop() {
        source.close();
    }

    private static String dump(String path, String at, String lastmod) {
        return "  <url><loc>{base}" + path + "</loc>" + (lastmod == null ? "" : "<lastmod>" + lastmod + "</lastmod>")
               + "<rs:md capability=\"resourcedump\"" + (at == null ? "" : " at=\"" + at + "\"") + "/></url>\n";
    }

    private URI newest(String path) throws Exception {
        Entry newest = Archives.newest(loader, source.base().resolve(path), Capability.RESOURCEDUMP_ARCHIVE);
        assertNotNull(newest, "the archive lists dumps");
        return newest.loc();
    }

    @Test
    void theSnapshotTakenLastWinsByAtElseLastmod() throws Exception {
        source.xml("/resourcedump-archive.xml", URLSET
                + dump("/timeless.xml", null, null)
                // taken at 00:02, though modified later: at is the snapshot time
                + dump("/taken-2.xml", "2024-01-01T00:02:00Z", "2024-01-01T00:09:00Z")
                + dump("/modified-5.xml", null, "2024-01-01T00:05:00Z")
                + dump("/taken-3.xml", "2024-01-01T00:03:00Z", null)
                + dump("/timeless-too.xml", null, null)
                + "</urlset>");
        assertEquals(source.base().resolve("/modified-5.xml"), newest("/resourcedump-archive.xml"));
    }

    @Test
    void aSnapshotWithATimeWinsOverOneWithout() throws Exception {
        source.xml("/resourcedump-archive.xml", URLSET
                + dump("/timeless.xml", null, null)
                + dump("/taken-1.xml", "2024-01-01T00:01:00Z", null)
                + "</urlset>");
        assertEquals(source.base().resolve("/taken-1.xml"), newest("/resourcedump-archive.xml"));
    }

    @Test
    void anArchiveIndexIsFollowedIntoItsParts() throws Exception {
        source.xml("/resourcedump-archive.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                              xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="resourcedump-archive"/>
                  <sitemap><loc>{base}/archive-1.xml</loc></sitemap>
                  <sitemap><loc>{base}/archive-2.xml</loc></sitemap>
                </sitemapindex>""");
        source.xml("/archive-1.xml", URLSET + dump("/taken-1.xml", "2024-01-01T00:01:00Z", null)
                + dump("/taken-4.xml", "2024-01-01T00:04:00Z", null) + "</urlset>");
        source.xml("/archive-2.xml", URLSET + dump("/taken-3.xml", "2024-01-01T00:03:00Z", null) + "</urlset>");
        assertEquals(source.base().resolve("/taken-4.xml"), newest("/resourcedump-archive.xml"));
        assertEquals(1, source.requests("/archive-2.xml"), "every part is read");
    }
}
