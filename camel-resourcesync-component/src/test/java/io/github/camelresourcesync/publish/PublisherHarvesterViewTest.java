package io.github.camelresourcesync.publish;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.SyncEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.publish.PublisherTest.BASE;
import static io.github.camelresourcesync.publish.PublisherTest.T0;
import static io.github.camelresourcesync.publish.PublisherTest.body;
import static io.github.camelresourcesync.publish.PublisherTest.event;
import static io.github.camelresourcesync.publish.PublisherTest.fileNames;
import static io.github.camelresourcesync.publish.PublisherTest.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a harvester of the published Source sees in edge cases: moved resources, foreign digests, a shrunken dump. */
class PublisherHarvesterViewTest {

    static final URI A = URI.create("http://origin.example/a.txt");

    @TempDir
    Path dir;

    PublisherOptions options() {
        return PublisherTest.optionsAtT0(dir);
    }

    PublishedDocs.Doc doc(String path) throws Exception {
        return PublishedDocs.read(dir.resolve(path));
    }

    static SyncEvent metadataOnly(URI loc, Instant datetime, String hash) {
        return new SyncEvent(null, loc, ChangeType.UPDATED, datetime, datetime, Hashes.parse(hash), null, null, null,
                null, null, null, null, null, null);
    }

    /**
     * A stored copy followed by a metadata-only event: the resource is published at its original location again, so
     * harvesters are told the copy's URI is gone, and the copy leaves the served directory.
     */
    @Test
    void aResourceLeavingItsStoredCopyIsDeletedThereAndListedAtItsOrigin() throws Exception {
        URI copy;
        try (Publisher p = Publisher.open(options().storeContent(true))) {
            p.publish(event(A.toString(), ChangeType.CREATED, T0), body("alpha"));
            copy = doc("resourcelist.xml").entries().get(0).loc();
            assertEquals(URI.create(BASE + "resources/origin.example/a.txt"), copy);
            assertTrue(Files.exists(dir.resolve("resources/origin.example/a.txt")));
            assertTrue(p.publish(metadataOnly(A, T0.plusSeconds(1), "md5:" + hex("MD5", "alpha 2")), null));
        }
        assertFalse(Files.exists(dir.resolve("resources/origin.example/a.txt")), "the stored copy is deleted");
        List<Entry> changes = doc("changelist.xml").entries();
        assertEquals(List.of(copy + " created", copy + " deleted", A + " updated"),
                changes.stream().map(e -> e.loc() + " " + e.md().change()).toList());
        Entry listed = doc("resourcelist.xml").entries().get(0);
        assertEquals(A, listed.loc());
        assertNull(listed.link("via"), "published at its origin: no via");
        assertEquals("md5:" + hex("MD5", "alpha 2"), listed.md().hash().toString());
        assertEquals(1, doc("resourcelist.xml").entries().size());
    }

    /**
     * A move's deletion and creation go into one Change List: when the open list has room for one change only, it
     * closes before them (a list closed between them would be written while the event is half done).
     */
    @Test
    void aMovesDeletionAndCreationShareOneChangeList() throws Exception {
        URI b = URI.create("http://origin.example/b.txt");
        URI copy = URI.create(BASE + "resources/origin.example/a.txt");
        try (Publisher p = Publisher.open(options().storeContent(true).changeListSize(3))) {
            p.publish(event(A.toString(), ChangeType.CREATED, T0), body("alpha"));
            p.publish(event(b.toString(), ChangeType.CREATED, T0.plusSeconds(1)), null);
            p.publish(metadataOnly(A, T0.plusSeconds(2), "md5:" + hex("MD5", "alpha 2")), null);
        }
        assertEquals(List.of(copy + " created", b + " created"), changes("changelists/changelist-00001.xml"));
        assertEquals(List.of(copy + " deleted", A + " updated"), changes("changelists/changelist-00002.xml"));
    }

    List<String> changes(String list) throws Exception {
        return doc(list).entries().stream().map(e -> e.loc() + " " + e.md().change()).toList();
    }

    /**
     * An event may carry a digest in an algorithm this JVM lacks: the body is checked on the digests both have, the
     * event is published, and the foreign digest is not what the documents publish.
     */
    @Test
    void aDigestTheJvmLacksIsSkippedWhileTheOthersStayChecked() throws Exception {
        String foreign = " blake3:" + "ab".repeat(32);
        try (Publisher p = Publisher.open(options())) {
            assertTrue(p.publish(new SyncEvent(null, A, ChangeType.CREATED, T0, T0,
                    Hashes.parse("md5:" + hex("MD5", "alpha") + foreign), null, null, null, null, null, null, null,
                    null, null), body("alpha")));
            SyncEvent forged = new SyncEvent(null, URI.create("http://origin.example/b"), ChangeType.CREATED, T0,
                    T0, Hashes.parse("md5:" + hex("MD5", "the real one") + foreign), null, null, null, null, null, null,
                    null, null, null);
            assertThrows(PublishException.class, () -> p.publish(forged, body("forged")));
        }
        assertEquals("md5:" + hex("MD5", "alpha") + " sha-256:" + hex("SHA-256", "alpha"),
                doc("resourcelist.xml").entries().get(0).md().hash().toString());
    }

    /** A Resource Dump split like the Resource List packages each resource once, in the part that lists it. */
    @Test
    void aSplitResourceDumpPackagesEachResourceOnce() throws Exception {
        try (Publisher p = Publisher.open(options().storeContent(true).resourceDump(true).resourceListSize(2))) {
            for (int i = 0; i < 3; i++) {
                p.publish(event("http://origin.example/r" + i + ".txt", ChangeType.CREATED, T0.plusSeconds(i)),
                        body("r" + i));
            }
        }
        assertEquals(Map.of("resources/origin.example/r2.txt", "r2"), PublisherTest.readPackage(
                dir.resolve("dumps/resourcedump-00002.zip"), Capability.RESOURCEDUMP_MANIFEST));
        assertEquals(List.of("r0", "r1", "r2"), List.copyOf(PublishedDocsAccess.readResourceDump(dir).values()));
    }

    /** A Resource Dump of a shrunken Source lists, and keeps on disk, only the packages it still has. */
    @Test
    void aShrunkenResourceDumpDeletesItsSurplusPackagesAndManifests() throws Exception {
        try (Publisher p = Publisher.open(options().storeContent(true).resourceDump(true).resourceListSize(1))) {
            for (int i = 0; i < 3; i++) {
                p.publish(event("http://origin.example/r" + i + ".txt", ChangeType.CREATED, T0.plusSeconds(i)),
                        body("r" + i));
            }
            assertEquals(List.of("resourcedump-00001-manifest.xml", "resourcedump-00001.zip",
                    "resourcedump-00002-manifest.xml", "resourcedump-00002.zip", "resourcedump-00003-manifest.xml",
                    "resourcedump-00003.zip"), fileNames(dir.resolve("dumps")));
            for (int i = 0; i < 2; i++) {
                p.publish(event("http://origin.example/r" + i + ".txt", ChangeType.DELETED, T0.plusSeconds(10 + i)),
                        null);
            }
        }
        assertEquals(List.of("resourcedump-00001-manifest.xml", "resourcedump-00001.zip"),
                fileNames(dir.resolve("dumps")));
        assertEquals(List.of(URI.create(BASE + "dumps/resourcedump-00001.zip")),
                doc("resourcedump.xml").entries().stream().map(Entry::loc).toList());
        assertFalse(doc("resourcelist.xml").header().isIndex());
        assertEquals(List.of(), fileNames(dir.resolve("resourcelists")), "the split Resource List's parts go too");
    }
}
