package io.github.camelresourcesync.component.publish;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The serving's cache of topic links ({@link PublishedFileProcessor.TopicLinks}) follows the Capability List on disk:
 * a new Capability List is read again however it was written, whether only its identity (a file renamed over it with
 * the same size and time), only its time (rewritten in place, same size) or only its size (rewritten in place, the
 * time set back) shows the change; and before there is one, a file has no topic links at all.
 */
class TopicLinksTest {

    private static final String HUB_A = "https://hub-a.example/hub";
    private static final String HUB_B = "https://hub-b.example/hub";

    @TempDir
    Path root;

    private Path capabilityList;
    private Path topic;
    private PublishedFileProcessor.TopicLinks links;

    @BeforeEach
    void setUp() {
        capabilityList = root.resolve("capabilitylist.xml");
        topic = root.resolve("notification/changelist.xml");
        links = new PublishedFileProcessor.TopicLinks(root);
    }

    /** A Capability List advertising the change notification channel at {@code hub} ({@code pad} lengthens it). */
    private static String capabilityList(String hub, String pad) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
               + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n"
               + "<rs:ln rel=\"up\" href=\"https://example.org/rs/.well-known/resourcesync\"/>\n"
               + "<rs:md capability=\"capabilitylist\"/>\n"
               + "<url><loc>https://example.org/rs/notification/changelist.xml</loc>"
               + "<rs:md capability=\"changelist-notification\"/><rs:ln rel=\"hub\" href=\"" + hub + "\"/></url>\n"
               + "</urlset>\n" + pad;
    }

    private static String expected(String hub) {
        return "<https://example.org/rs/notification/changelist.xml>; rel=\"self\", <" + hub + ">; rel=\"hub\","
               + " <https://example.org/rs/capabilitylist.xml>; rel=\"resourcesync\"";
    }

    /** Writes {@code text} into the existing file (same inode), then sets its modification time to {@code time}. */
    private void rewriteInPlace(String text, FileTime time) throws Exception {
        Files.writeString(capabilityList, text, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        Files.setLastModifiedTime(capabilityList, time);
    }

    private FileTime firstVersionRead() throws Exception {
        Files.writeString(capabilityList, capabilityList(HUB_A, ""));
        FileTime time = FileTime.fromMillis(1_700_000_000_000L);
        Files.setLastModifiedTime(capabilityList, time);
        assertEquals(expected(HUB_A), links.linksOf(topic));
        return time;
    }

    @Test
    void aCapabilityListRenamedOverTheOldOneWithItsSizeAndTimeIsReadAgain() throws Exception {
        FileTime time = firstVersionRead();
        Object key = Files.readAttributes(capabilityList, BasicFileAttributes.class).fileKey();
        Path next = root.resolve(".capabilitylist.xml.tmp");
        Files.writeString(next, capabilityList(HUB_B, ""));
        Files.setLastModifiedTime(next, time);
        Files.move(next, capabilityList, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        BasicFileAttributes now = Files.readAttributes(capabilityList, BasicFileAttributes.class);
        assertEquals(time, now.lastModifiedTime());
        assertEquals(capabilityList(HUB_A, "").length(), now.size());
        assertNotEquals(key, now.fileKey(), "only the file's identity changed");

        assertEquals(expected(HUB_B), links.linksOf(topic));
    }

    @Test
    void aCapabilityListRewrittenInPlaceWithItsSizeIsReadAgain() throws Exception {
        FileTime time = firstVersionRead();
        rewriteInPlace(capabilityList(HUB_B, ""), FileTime.fromMillis(time.toMillis() + 10_000));

        assertEquals(expected(HUB_B), links.linksOf(topic));
    }

    @Test
    void aCapabilityListRewrittenInPlaceWithItsTimeSetBackIsReadAgain() throws Exception {
        FileTime time = firstVersionRead();
        rewriteInPlace(capabilityList(HUB_B, "\n"), time);

        assertEquals(expected(HUB_B), links.linksOf(topic));
    }

    @Test
    void anUnchangedCapabilityListKeepsItsLinksAndOtherFilesHaveNone() throws Exception {
        firstVersionRead();
        assertEquals(expected(HUB_A), links.linksOf(topic));
        assertNull(links.linksOf(root.resolve("resourcelist.xml")));
    }

    @Test
    void beforeThereIsACapabilityListAFileHasNoLinks() {
        assertNull(links.linksOf(topic));
        assertNull(links.linksOf(root.resolve("resourcelist.xml")));
    }
}
