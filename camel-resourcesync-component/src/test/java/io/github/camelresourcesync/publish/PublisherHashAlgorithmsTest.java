package io.github.camelresourcesync.publish;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipFile;

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
import static io.github.camelresourcesync.publish.PublisherTest.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code hashAlgorithms} option: which digests the documents carry, and what stays checked. */
class PublisherHashAlgorithmsTest {

    @TempDir
    Path dir;

    PublisherOptions options() {
        return PublisherTest.optionsAtT0(dir);
    }

    PublishedDocs.Doc doc(String path) throws Exception {
        return PublishedDocs.read(dir.resolve(path));
    }

    /** The bitstreams of a dump package, each checked against its manifest entry, whose hash must be md5 only. */
    List<String> packaged(Entry pkg) throws Exception {
        List<String> contents = new ArrayList<>();
        try (ZipFile zip = new ZipFile(dir.resolve(BASE.relativize(pkg.loc()).getPath()).toFile())) {
            PublishedDocs.Doc manifest = PublishedDocs.read(zip.getInputStream(zip.getEntry("manifest.xml")),
                    pkg.loc());
            for (Entry e : manifest.entries()) {
                if (e.md().path() == null) {
                    continue; // published without content: listed, nothing packaged
                }
                String content = new String(zip.getInputStream(zip.getEntry(e.md().path().substring(1)))
                        .readAllBytes(), StandardCharsets.UTF_8);
                assertEquals("md5:" + hex("MD5", content), hashOf(e), e.md().path());
                contents.add(content);
            }
        }
        return contents;
    }

    static String hashOf(Entry e) {
        return e.md().hash().toString();
    }

    @Test
    void defaultPublishesMd5AndSha256() throws Exception {
        try (Publisher p = Publisher.open(options())) {
            assertEquals(List.of("md5", "sha-256"), p.options().hashAlgorithms());
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("alpha"));
        }
        assertEquals("md5:" + hex("MD5", "alpha") + " sha-256:" + hex("SHA-256", "alpha"),
                hashOf(doc("resourcelist.xml").entries().get(0)));
    }

    @Test
    void md5AlonePublishesOneDigestEverywhereIncludingDumpManifests() throws Exception {
        SyncEvent metadataOnly = new SyncEvent(null, URI.create("http://origin.example/m"), ChangeType.CREATED,
                T0.plusSeconds(2), T0.plusSeconds(2),
                Hashes.parse("md5:" + hex("MD5", "m") + " sha-256:" + hex("SHA-256", "m")), 1L, null, null, null, null,
                null, null, null, null);
        try (Publisher p = Publisher.open(options().hashAlgorithms("MD5").storeContent(true).resourceDump(true)
                .changeDump(true).changeListSize(2))) {
            p.publish(event("http://origin.example/a.txt", ChangeType.CREATED, T0), body("alpha"));
            p.publish(event("http://origin.example/a.txt", ChangeType.UPDATED, T0.plusSeconds(1)), body("alpha 2"));
            p.publish(metadataOnly, null);
        }
        Map<URI, String> listed = new TreeMap<>();
        doc("resourcelist.xml").entries().forEach(e -> listed.put(e.loc(), hashOf(e)));
        assertEquals(Map.of(URI.create(BASE + "resources/origin.example/a.txt"), "md5:" + hex("MD5", "alpha 2"),
                URI.create("http://origin.example/m"), "md5:" + hex("MD5", "m")), listed,
                "a metadata-only event's sha-256 is not republished either");
        for (Entry e : doc("changelists/changelist-00001.xml").entries()) {
            assertTrue(hashOf(e).matches("md5:[0-9a-f]{32}"), hashOf(e));
        }
        // dump manifests list md5 only, and it holds for every bitstream
        assertEquals(List.of("alpha 2"), packaged(doc("resourcedump.xml").entries().get(0)));
        assertEquals(List.of("alpha", "alpha 2"), packaged(doc("changedump.xml").entries().get(0)),
                "the Change Dump still has each version (stored by sha-256, published with md5)");
    }

    @Test
    void aBodyIsStillCheckedAgainstEveryDigestTheEventCarries() throws Exception {
        SyncEvent claimsOtherSha = new SyncEvent(null, URI.create("http://origin.example/a"), ChangeType.CREATED, T0,
                null, Hashes.parse("sha-256:" + hex("SHA-256", "the real one")), null, null, null, null, null, null,
                null, null, null);
        try (Publisher p = Publisher.open(options().hashAlgorithms("md5"))) {
            PublishException e = assertThrows(PublishException.class, () -> p.publish(claimsOtherSha, body("forged")));
            assertTrue(e.getMessage().contains("does not match its hash"), e.getMessage());
            assertEquals(0, p.resourceCount());
        }
    }

    @Test
    void changingTheOptionRewritesTheDocumentsOnTheNextStartWithoutNewChanges() throws Exception {
        try (Publisher p = Publisher.open(options())) {
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("alpha"));
        }
        try (Publisher p = Publisher.open(options().hashAlgorithms("md5"))) {
            assertEquals("md5:" + hex("MD5", "alpha"), hashOf(doc("resourcelist.xml").entries().get(0)));
            assertEquals("md5:" + hex("MD5", "alpha"), hashOf(doc("changelist.xml").entries().get(0)));
            assertEquals(false, p.publish(event("http://origin.example/a", ChangeType.UPDATED, T0), body("alpha")),
                    "the same body is no change");
        }
        try (Publisher p = Publisher.open(options().hashAlgorithms("sha-256,md5"))) {
            assertEquals("sha-256:" + hex("SHA-256", "alpha") + " md5:" + hex("MD5", "alpha"),
                    hashOf(doc("resourcelist.xml").entries().get(0)), "in the order asked for");
        }
        assertEquals(1, doc("changelist.xml").entries().size());
    }

    @Test
    void sha512IsComputedWhenAsked() throws Exception {
        try (Publisher p = Publisher.open(options().hashAlgorithms(List.of("sha-512")))) {
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("alpha"));
        }
        assertEquals("sha-512:" + hex("SHA-512", "alpha"), hashOf(doc("resourcelist.xml").entries().get(0)));
    }

    @Test
    void unknownOrMissingAlgorithmsAreRefusedNamingTheOption() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Publisher.open(options().hashAlgorithms("md5,crc32")));
        assertTrue(unknown.getMessage().contains("hashAlgorithms") && unknown.getMessage().contains("crc32")
                   && unknown.getMessage().contains("sha-256"), unknown.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> Publisher.open(options().hashAlgorithms(" , ")));
        assertTrue(none.getMessage().contains("hashAlgorithms") && none.getMessage().contains("at least one"),
                none.getMessage());
    }

    @Test
    void everyChangeCarriesALastmodDeletionsTheirOwnTime() throws Exception {
        try (Publisher p = Publisher.open(options())) {
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("alpha"));
            p.publish(new SyncEvent(null, URI.create("http://origin.example/b"), ChangeType.CREATED,
                    T0.plusSeconds(1), null, null, null, null, null, null, null, null, null, null, null), body("b"));
            p.publish(event("http://origin.example/a", ChangeType.DELETED, T0.plusSeconds(2)), null);
        }
        List<Entry> changes = doc("changelist.xml").entries();
        assertEquals(List.of(T0, T0.plusSeconds(1), T0.plusSeconds(2)), changes.stream().map(Entry::lastmod).toList(),
                "the resource's lastmod, else the change's datetime (ResourceSync 1.0 harvesters need one)");
        assertEquals(null, doc("resourcelist.xml").entries().stream()
                .filter(e -> e.loc().toString().endsWith("/b")).findFirst().orElseThrow().lastmod(),
                "a Resource List does not invent a lastmod");
    }
}
