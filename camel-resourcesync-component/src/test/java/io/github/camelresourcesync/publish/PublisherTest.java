package io.github.camelresourcesync.publish;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import io.github.camelresourcesync.dump.PackageWriter;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.FileNames;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.publish.PublishedDocs.Doc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PublisherTest {

    static final URI BASE = URI.create("http://publisher.example/rs/");
    static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    @TempDir
    Path dir;

    final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));

    PublisherOptions options() {
        return new PublisherOptions().directory(dir).baseUrl(BASE).clock(clock).resourceListInterval(Duration.ZERO);
    }

    /** A publisher of {@code dir} at {@link #BASE} whose clock stands at {@link #T0}, writing lists at once. */
    static PublisherOptions optionsAtT0(Path dir) {
        return new PublisherOptions().directory(dir).baseUrl(BASE).resourceListInterval(Duration.ZERO)
                .clock(new MutableClock(T0));
    }

    static SyncEvent event(String loc, ChangeType change, Instant datetime) {
        return new SyncEvent(null, URI.create(loc), change, datetime, datetime, null, null, null, null, null, null,
                null, null, null, null);
    }

    static InputStream body(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    static String hex(String algorithm, String s) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(s.getBytes(StandardCharsets.UTF_8)));
    }

    Doc doc(String path) throws IOException {
        return PublishedDocs.read(dir.resolve(path));
    }

    @Test
    void writesDescriptionCapabilityListResourceListAndChangeListWithFixity() throws Exception {
        try (Publisher p = Publisher.open(options())) {
            assertTrue(p.publish(event("http://origin.example/a.txt", ChangeType.CREATED, T0), body("alpha")));
            assertTrue(p.publish(event("http://origin.example/b", ChangeType.CREATED, T0.plusSeconds(1)), null));
            assertEquals(URI.create("http://publisher.example/rs/.well-known/resourcesync"), p.sourceDescription());
        }
        Doc sd = doc(".well-known/resourcesync");
        assertEquals(Capability.DESCRIPTION, sd.header().capability());
        assertEquals(URI.create(BASE + "capabilitylist.xml"), sd.entries().get(0).loc());
        Doc cap = doc("capabilitylist.xml");
        assertEquals(List.of("resourcelist", "changelist"),
                cap.entries().stream().map(e -> e.md().capability()).toList());
        assertEquals(URI.create(BASE + ".well-known/resourcesync"), cap.header().link("up").href());

        Doc rl = doc("resourcelist.xml");
        assertEquals(Capability.RESOURCELIST, rl.header().capability());
        assertEquals(T0.plusSeconds(1), rl.header().md().at(), "at: the newest published change");
        Entry a = rl.entries().get(0);
        assertEquals(URI.create("http://origin.example/a.txt"), a.loc());
        assertEquals(hex("MD5", "alpha"), a.md().hash().get("md5"));
        assertEquals(hex("SHA-256", "alpha"), a.md().hash().get("sha-256"));
        assertEquals(5L, a.md().length());
        assertEquals(T0, a.lastmod());
        assertTrue(rl.entries().get(1).md().hash().isEmpty(), "metadata-only event: no fixity invented");

        Doc cl = doc("changelist.xml");
        assertFalse(cl.header().isIndex());
        assertEquals(Publisher.SOURCE_BEGINNING, cl.header().md().from(), "the first list covers the Source's history");
        assertNull(cl.header().md().until(), "the open Change List has no until");
        assertNull(cl.header().link("index"), "no index yet: the list is changelist.xml itself");
        assertEquals(List.of(T0, T0.plusSeconds(1)), cl.entries().stream().map(e -> e.md().datetime()).toList());
        assertEquals(List.of("created", "created"), cl.entries().stream().map(e -> e.md().change()).toList());
        assertEquals(4, PublishedDocs.assertAllValid(dir));
    }

    /** The listener hears of each change (published and listed, with its entry) and of each document written. */
    @Test
    void theListenerHearsOfEachChangeAndEachDocument() throws Exception {
        List<String> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        PublicationListener listener = new PublicationListener() {
            @Override
            public void changePublished(URI changeList, URI location, ChangeType change) {
                heard.add("published " + location + " " + change.value());
            }

            @Override
            public void changeListed(URI changeList, Entry entry) {
                heard.add("listed " + entry.loc() + " in " + changeList.getPath());
            }

            @Override
            public void documentWritten(URI uri, Capability capability) {
                heard.add("written " + uri.getPath() + " " + capability.value());
            }
        };
        try (Publisher p = Publisher.open(options().listener(listener))) {
            p.publish(event("http://origin.example/a.txt", ChangeType.CREATED, T0), body("alpha"));
        }
        assertTrue(heard.contains("published http://origin.example/a.txt created"), heard.toString());
        assertTrue(heard.contains("listed http://origin.example/a.txt in /rs/changelist.xml"), heard.toString());
        assertTrue(heard.contains("written /rs/changelist.xml changelist"), heard.toString());
        assertTrue(heard.contains("written /rs/resourcelist.xml resourcelist"), heard.toString());
    }

    @Test
    void resendingPublishedEventsChangesNothing() throws Exception {
        try (Publisher p = Publisher.open(options())) {
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("alpha"));
            p.publish(event("http://origin.example/b", ChangeType.CREATED, T0), body("bravo"));
            p.publish(event("http://origin.example/b", ChangeType.DELETED, T0.plusSeconds(5)), null);
            Map<String, String> before = files();
            assertFalse(p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("alpha")));
            assertFalse(p.publish(event("http://origin.example/a", ChangeType.UPDATED, T0), body("alpha")));
            assertFalse(p.publish(event("http://origin.example/b", ChangeType.DELETED, T0.plusSeconds(5)), null));
            assertFalse(p.publish(event("http://origin.example/never", ChangeType.DELETED, T0), null));
            assertEquals(before, files(), "no document changed");
            assertTrue(p.publish(event("http://origin.example/a", ChangeType.UPDATED, T0.plusSeconds(9)),
                    body("alpha 2")));
        }
        assertEquals(4, doc("changelist.xml").entries().size());
    }

    @Test
    void stateSurvivesRestart() throws Exception {
        try (Publisher p = Publisher.open(options())) {
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("alpha"));
        }
        Map<String, String> before = files();
        try (Publisher p = Publisher.open(options())) {
            assertEquals(before, files(), "reopening rewrites the same documents");
            assertFalse(p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("alpha")),
                    "the restarted publisher knows what it published");
            assertTrue(p.publish(event("http://origin.example/c", ChangeType.CREATED, T0.plusSeconds(3)),
                    body("charlie")));
            assertEquals(2, p.resourceCount());
        }
        Doc cl = doc("changelist.xml");
        assertEquals(2, cl.entries().size());
        assertEquals(Publisher.SOURCE_BEGINNING, cl.header().md().from());
    }

    @Test
    void rotatesByCountBehindAChangeListIndex() throws Exception {
        List<URI[]> rotations = new ArrayList<>();
        PublicationListener listener = new PublicationListener() {
            @Override
            public void changeListRotated(URI closed, URI opened, URI index) {
                rotations.add(new URI[] { closed, opened, index });
            }
        };
        try (Publisher p = Publisher.open(options().changeListSize(2).listener(listener))) {
            for (int i = 0; i < 5; i++) {
                p.publish(event("http://origin.example/r" + i, ChangeType.CREATED, T0.plusSeconds(i)), body("r" + i));
            }
        }
        Doc index = doc("changelist.xml");
        assertTrue(index.header().isIndex());
        assertEquals(Capability.CHANGELIST, index.header().capability());
        assertEquals(3, index.entries().size());
        Entry first = index.entries().get(0);
        Entry second = index.entries().get(1);
        Entry open = index.entries().get(2);
        assertEquals(Publisher.SOURCE_BEGINNING, first.md().from());
        assertEquals(T0.plusSeconds(1), first.md().until());
        assertEquals(first.md().until(), second.md().from(), "lists are contiguous");
        assertEquals(T0.plusSeconds(3), second.md().until());
        assertEquals(second.md().until(), open.md().from());
        assertNull(open.md().until());
        assertEquals(URI.create(BASE + "changelists/changelist-00003.xml"), open.loc());
        Doc closed = doc("changelists/changelist-00001.xml");
        assertEquals(T0.plusSeconds(1), closed.header().md().until());
        assertEquals(URI.create(BASE + "changelist.xml"), closed.header().link("index").href());
        assertEquals(2, closed.entries().size());
        assertEquals(1, doc("changelists/changelist-00003.xml").entries().size());
        assertEquals(URI.create(BASE + "changelist.xml"),
                doc("changelists/changelist-00003.xml").header().link("index").href(), "the open list names its index");
        assertEquals(2, rotations.size());
        assertEquals(URI.create(BASE + "changelists/changelist-00002.xml"), rotations.get(1)[0]);
        PublishedDocs.assertAllValid(dir);
    }

    /** A deletion that finds the open list full closes it first, as a creation does. */
    @Test
    void aDeletionIntoAFullListClosesItFirst() throws Exception {
        try (Publisher p = Publisher.open(options().changeListSize(1))) {
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), null);
            p.publish(event("http://origin.example/a", ChangeType.DELETED, T0.plusSeconds(1)), null);
            assertEquals(List.of("created"),
                    doc("changelists/changelist-00001.xml").entries().stream().map(e -> e.md().change()).toList());
            assertEquals(List.of("deleted"),
                    doc("changelists/changelist-00002.xml").entries().stream().map(e -> e.md().change()).toList());
        }
    }

    @Test
    void rotatesByTimeAndStampsUntilWhenAsked() throws Exception {
        try (Publisher p = Publisher.open(options().changeListMaxAge(Duration.ofHours(1)).stampUntil(true))) {
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("a"));
            clock.advance(Duration.ofMinutes(30));
            p.publish(event("http://origin.example/b", ChangeType.CREATED, T0.plusSeconds(60)), body("b"));
            assertEquals(T0.plusSeconds(60), doc("changelist.xml").header().md().until(),
                    "stampUntil: the open list ends at its last write");
            clock.advance(Duration.ofMinutes(31));
            p.flush();
        }
        Doc index = doc("changelist.xml");
        assertTrue(index.header().isIndex(), "the list opened 61 minutes ago was closed");
        assertEquals(2, index.entries().size());
        assertEquals(T0.plusSeconds(60), index.entries().get(0).md().until());
        assertEquals(2, doc("changelists/changelist-00001.xml").entries().size());
        assertEquals(0, doc("changelists/changelist-00002.xml").entries().size());
        assertNull(doc("changelists/changelist-00002.xml").header().md().until(),
                "stampUntil stamps the time of the list's last change: the empty list has none");
        assertNull(index.entries().get(1).md().until());
    }

    /** The caller's timer closes a list grown old though no change comes to close it. */
    @Test
    void theTimerClosesAnOldListWithoutAnotherChange() throws Exception {
        try (Publisher p = Publisher.open(options().changeListMaxAge(Duration.ofHours(1)))) {
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("a"));
            clock.advance(Duration.ofMinutes(59));
            p.flushIfDue();
            assertFalse(doc("changelist.xml").header().isIndex(), "59 minutes: still open");
            clock.advance(Duration.ofMinutes(1));
            p.flushIfDue();
            assertTrue(doc("changelist.xml").header().isIndex(), "an hour: closed behind the index");
            assertEquals(1, doc("changelists/changelist-00001.xml").entries().size());
        }
    }

    /** The Resource List is rewritten (and its listeners told) when something changed since, not on every flush. */
    @Test
    void theResourceListIsRewrittenOnlyAfterAChange() throws Exception {
        List<String> written = new ArrayList<>();
        PublicationListener listener = new PublicationListener() {
            @Override
            public void documentWritten(URI uri, Capability capability) {
                if (uri.getPath().endsWith("/resourcelist.xml")) {
                    written.add(uri.getPath());
                }
            }
        };
        try (Publisher p = Publisher.open(options().resourceListInterval(Duration.ofMinutes(1)).listener(listener))) {
            assertEquals(1, written.size(), "written on open");
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("a"));
            assertEquals(1, written.size(), "within resourceListInterval: deferred");
            p.flush();
            assertEquals(2, written.size(), "flush writes the change");
            p.flush();
            clock.advance(Duration.ofMinutes(2));
            p.flushIfDue();
            assertEquals(2, written.size(), "nothing changed since: not rewritten");
        }
    }

    /** A change's time is the event's datetime, else its lastmod, else the publisher's clock. */
    @Test
    void aChangeWithoutDatetimeIsTimedByItsLastmodElseByTheClock() throws Exception {
        try (Publisher p = Publisher.open(options())) {
            p.publish(new SyncEvent(null, URI.create("http://origin.example/a"), ChangeType.CREATED, null, T0, null,
                    null, null, null, null, null, null, null, null, null), null);
            p.publish(new SyncEvent(null, URI.create("http://origin.example/b"), ChangeType.CREATED, null, null,
                    null, null, null, null, null, null, null, null, null, null), null);
        }
        assertEquals(List.of(T0, clock.instant()),
                doc("changelist.xml").entries().stream().map(e -> e.md().datetime()).toList());
    }

    /** A list opened by a rotation is as old as its own first change, not as the list before it. */
    @Test
    void aListOpenedByARotationAgesFromItsOwnFirstChange() throws Exception {
        try (Publisher p = Publisher.open(options().changeListMaxAge(Duration.ofHours(1)).changeListSize(2))) {
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("a"));
            clock.advance(Duration.ofMinutes(50));
            p.publish(event("http://origin.example/b", ChangeType.CREATED, T0.plusSeconds(1)), body("b"));
            p.publish(event("http://origin.example/c", ChangeType.CREATED, T0.plusSeconds(2)), body("c"));
            clock.advance(Duration.ofMinutes(20));
            p.publish(event("http://origin.example/d", ChangeType.CREATED, T0.plusSeconds(3)), body("d"));
            assertEquals(2, doc("changelist.xml").entries().size(), "the list b filled and the one c opened");
            assertEquals(2, doc("changelists/changelist-00002.xml").entries().size(),
                    "the list c opened 20 minutes ago also takes d, 70 minutes after the first list opened");
        }
    }

    @Test
    void resourceListRewritesWaitForTheirIntervalWhileChangesAreListedAtOnce() throws Exception {
        try (Publisher p = Publisher.open(options().resourceListInterval(Duration.ofMinutes(1)))) {
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("a"));
            assertEquals(0, doc("resourcelist.xml").entries().size(), "deferred");
            assertEquals(Publisher.SOURCE_BEGINNING, doc("resourcelist.xml").header().md().at(),
                    "never published anything: as of the Source's beginning, so a baseline skips no change");
            assertEquals(1, doc("changelist.xml").entries().size(), "the change is listed at once");
            clock.advance(Duration.ofSeconds(61));
            p.flush();
            Doc rl = doc("resourcelist.xml");
            assertEquals(1, rl.entries().size());
            assertEquals(T0, rl.header().md().at());
        }
    }

    @Test
    void changeTimesNeverGoBackBehindWhatWasPublished() throws Exception {
        try (Publisher p = Publisher.open(options())) {
            p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("a"));
            p.publish(event("http://origin.example/b", ChangeType.CREATED, T0.minusSeconds(3600)), body("b"));
            p.publish(event("http://origin.example/a", ChangeType.UPDATED, T0), body("a2"));
        }
        List<Instant> times = doc("changelist.xml").entries().stream().map(e -> e.md().datetime()).toList();
        assertEquals(List.of(T0, T0, T0.plusMillis(1)), times,
                "a late event is listed at the last published time; a resource's changes stay distinct");
    }

    @Test
    void resourceListsSplitBehindAnIndexAndShrinkBack() throws Exception {
        try (Publisher p = Publisher.open(options().resourceListSize(2))) {
            for (int i = 0; i < 5; i++) {
                p.publish(event("http://origin.example/r" + i, ChangeType.CREATED, T0.plusSeconds(i)), body("r" + i));
            }
            Doc index = doc("resourcelist.xml");
            assertTrue(index.header().isIndex());
            assertEquals(3, index.entries().size());
            assertEquals(1, doc("resourcelists/resourcelist-00003.xml").entries().size());
            // every part the index names is on disk (a part written before is not taken for a stale one)
            List<URI> listed = new ArrayList<>();
            for (Entry part : index.entries()) {
                listed.addAll(doc(BASE.relativize(part.loc()).getPath()).entries().stream().map(Entry::loc).toList());
            }
            assertEquals(Stream.of(0, 1, 2, 3, 4).map(i -> URI.create("http://origin.example/r" + i)).toList(), listed);
            PublishedDocs.assertAllValid(dir);
            for (int i = 0; i < 4; i++) {
                p.publish(event("http://origin.example/r" + i, ChangeType.DELETED, T0.plusSeconds(10 + i)), null);
            }
        }
        Doc rl = doc("resourcelist.xml");
        assertFalse(rl.header().isIndex());
        assertEquals(List.of(URI.create("http://origin.example/r4")), rl.entries().stream().map(Entry::loc).toList());
        assertFalse(Files.exists(dir.resolve("resourcelists/resourcelist-00001.xml")), "stale parts removed");
    }

    @Test
    void storedContentIsServedFromTheDirectoryWithViaToTheOriginal() throws Exception {
        try (Publisher p = Publisher.open(options().storeContent(true))) {
            p.publish(event("http://origin.example:8080/docs/a%20b.txt", ChangeType.CREATED, T0), body("alpha"));
            Entry e = doc("resourcelist.xml").entries().get(0);
            // the mirror's name of the location (a space is no safe character: a hashed name keeping .txt)
            String name = "resources/" + FileNames.of(URI.create("http://origin.example:8080/docs/a%20b.txt"), null);
            assertTrue(name.matches("resources/origin.example_8080/docs/a_b@[a-z2-7]{16}\\.txt"), name);
            assertEquals(URI.create(BASE + name), e.loc());
            assertEquals(URI.create("http://origin.example:8080/docs/a%20b.txt"), e.link("via").href());
            assertEquals("text/plain", e.md().type());
            Path stored = dir.resolve(name);
            assertEquals("alpha", Files.readString(stored));
            p.publish(event("http://origin.example:8080/docs/a%20b.txt", ChangeType.DELETED, T0.plusSeconds(1)), null);
            assertFalse(Files.exists(stored));
            Entry deleted = doc("changelist.xml").entries().get(1);
            assertEquals(e.loc(), deleted.loc());
            assertEquals(ChangeType.DELETED, deleted.md().changeType());
        }
    }

    @Test
    void bodyThatContradictsItsHashIsRefusedAndNothingIsPublished() throws Exception {
        try (Publisher p = Publisher.open(options().storeContent(true))) {
            SyncEvent ev = new SyncEvent(null, URI.create("http://origin.example/a"), ChangeType.CREATED, T0, null,
                    Hashes.parse("md5:" + hex("MD5", "the real one")), null, null, null, null, null, null, null, null,
                    null);
            PublishException e = assertThrows(PublishException.class, () -> p.publish(ev, body("tampered")));
            assertTrue(e.getMessage().contains("http://origin.example/a"), e.getMessage());
            SyncEvent shortLength = event("http://origin.example/b", ChangeType.CREATED, T0);
            shortLength = new SyncEvent(null, shortLength.location(), ChangeType.CREATED, T0, null, null, 99L, null,
                    null, null, null, null, null, null, null);
            SyncEvent finalShort = shortLength;
            assertThrows(PublishException.class, () -> p.publish(finalShort, body("abc")));
            assertEquals(0, p.resourceCount());
        }
        assertEquals(0, doc("changelist.xml").entries().size());
        try (Stream<Path> files = Files.list(dir.resolve("resources"))) {
            assertEquals(0, files.count(), "no stored or temporary file left");
        }
    }

    @Test
    void aValueNoDocumentCanHoldIsRefusedBeforeAnythingIsStored() throws Exception {
        try (Publisher p = Publisher.open(options())) {
            SyncEvent ev = new SyncEvent(null, URI.create("http://origin.example/a"), ChangeType.CREATED, T0, null,
                    null, null, "pdf", null, null, null, null, null, null, null);
            PublishException e = assertThrows(PublishException.class, () -> p.publish(ev, body("alpha")));
            assertTrue(e.getMessage().startsWith("the media type of http://origin.example/a is \"pdf\""),
                    e.getMessage());
            assertEquals(0, p.resourceCount());
            assertTrue(p.publish(event("http://origin.example/b", ChangeType.CREATED, T0), body("bravo")),
                    "the next event publishes as if the bad one never came");
        }
        assertEquals(List.of(URI.create("http://origin.example/b")),
                doc("resourcelist.xml").entries().stream().map(Entry::loc).toList());
    }

    /** {@code publish} says whether the Source changed: a repeat, or a deletion of what it never had, changes nothing. */
    @Test
    void publishSaysWhetherTheSourceChanged() throws Exception {
        try (Publisher p = Publisher.open(options())) {
            assertFalse(p.publish(event("http://origin.example/never", ChangeType.DELETED, T0), null));
            assertTrue(p.publish(event("http://origin.example/a", ChangeType.CREATED, T0), body("alpha")));
            assertFalse(p.publish(event("http://origin.example/a", ChangeType.UPDATED, T0), body("alpha")),
                    "the same bytes again");
            assertTrue(p.publish(event("http://origin.example/a", ChangeType.UPDATED, T0.plusSeconds(1)),
                    body("alpha 2")));
            assertTrue(p.publish(event("http://origin.example/a", ChangeType.DELETED, T0.plusSeconds(2)), null));
            assertFalse(p.publish(event("http://origin.example/a", ChangeType.DELETED, T0.plusSeconds(3)), null),
                    "deleted already");
        }
        assertEquals(List.of("created", "updated", "deleted"),
                doc("changelist.xml").entries().stream().map(e -> e.md().change()).toList());
    }

    @Test
    void resourceDumpAndChangeDumpPackagesCarryManifestsAndVerifiableBitstreams() throws Exception {
        try (Publisher p = Publisher.open(options().storeContent(true).resourceDump(true).changeDump(true)
                .changeListSize(2))) {
            p.publish(event("http://origin.example/a.txt", ChangeType.CREATED, T0), body("alpha"));
            p.publish(event("http://origin.example/a.txt", ChangeType.UPDATED, T0.plusSeconds(1)), body("alpha 2"));
            p.publish(event("http://origin.example/b.txt", ChangeType.CREATED, T0.plusSeconds(2)), body("bravo"));
        }
        Doc cap = doc("capabilitylist.xml");
        assertEquals(List.of("resourcelist", "resourcedump", "changelist", "changedump"),
                cap.entries().stream().map(e -> e.md().capability()).toList());
        PublishedDocs.assertAllValid(dir);

        Doc rd = doc("resourcedump.xml");
        assertEquals(Capability.RESOURCEDUMP, rd.header().capability());
        Entry pkg = rd.entries().get(0);
        assertEquals("application/zip", pkg.md().type());
        Path zip = dir.resolve(BASE.relativize(pkg.loc()).getPath());
        assertEquals(Files.size(zip), pkg.md().length());
        Map<String, String> dumped = readPackage(zip, Capability.RESOURCEDUMP_MANIFEST);
        assertEquals(Map.of("resources/origin.example/a.txt", "alpha 2", "resources/origin.example/b.txt", "bravo"),
                dumped);

        Doc cd = doc("changedump.xml");
        assertEquals(1, cd.entries().size(), "one package per closed Change List");
        Entry changes = cd.entries().get(0);
        assertEquals(Publisher.SOURCE_BEGINNING, changes.md().from());
        assertEquals(T0.plusSeconds(1), changes.md().until());
        assertEquals(List.of("alpha", "alpha 2"), changeDumpContents(changes),
                "each change with the bytes it had then");
        assertEquals(List.of("changes/1/resources/origin.example/a.txt", "changes/2/resources/origin.example/a.txt"),
                new ArrayList<>(readPackage(dir.resolve(BASE.relativize(changes.loc()).getPath()),
                        Capability.CHANGEDUMP_MANIFEST).keySet()), "each change under its number and its own path");
        assertEquals(Publisher.SOURCE_BEGINNING, cd.header().md().from(), "the Change Dump starts with its first list");
    }

    @Test
    void storedVersionsLastOnlyUntilTheirChangeDumpIsWritten() throws Exception {
        Path blobs = dir.resolve(".publisher").resolve("blobs");
        try (Publisher p = Publisher.open(options().storeContent(true).changeDump(true).changeListSize(2))) {
            p.publish(event("http://origin.example/a.txt", ChangeType.CREATED, T0), body("alpha"));
            p.publish(event("http://origin.example/a.txt", ChangeType.UPDATED, T0.plusSeconds(1)), body("alpha 2"));
            assertEquals(sorted(hex("SHA-256", "alpha"), hex("SHA-256", "alpha 2")), fileNames(blobs));
            // the third change closes the first list: its package carries alpha and alpha 2, the open list needs bravo
            p.publish(event("http://origin.example/b.txt", ChangeType.CREATED, T0.plusSeconds(2)), body("bravo"));
            assertEquals(List.of(hex("SHA-256", "bravo")), fileNames(blobs));
            p.publish(event("http://origin.example/c.txt", ChangeType.CREATED, T0.plusSeconds(3)), body("charlie"));
        }
        // a version a crash left behind (stored, its change never recorded) goes when the publisher opens again
        Files.writeString(blobs.resolve(hex("SHA-256", "orphan")), "orphan");
        try (Publisher p = Publisher.open(options().storeContent(true).changeDump(true).changeListSize(2))) {
            assertEquals(sorted(hex("SHA-256", "bravo"), hex("SHA-256", "charlie")), fileNames(blobs));
            p.publish(event("http://origin.example/d.txt", ChangeType.CREATED, T0.plusSeconds(4)), body("delta"));
            assertEquals(List.of(hex("SHA-256", "delta")), fileNames(blobs));
        }
        List<Entry> packages = doc("changedump.xml").entries();
        assertEquals(2, packages.size());
        assertEquals(List.of("alpha", "alpha 2"), changeDumpContents(packages.get(0)));
        assertEquals(List.of("bravo", "charlie"), changeDumpContents(packages.get(1)),
                "versions pruned after the first rotation are those the second package did not need");
    }

    @Test
    void withoutChangeDumpsNoVersionIsStoredAndStrayOnesGo() throws Exception {
        Path blobs = Files.createDirectories(dir.resolve(".publisher").resolve("blobs"));
        Files.writeString(blobs.resolve(hex("SHA-256", "left from changeDump=true")), "x");
        try (Publisher p = Publisher.open(options().storeContent(true).changeListSize(2))) {
            p.publish(event("http://origin.example/a.txt", ChangeType.CREATED, T0), body("alpha"));
        }
        assertEquals(List.of(), fileNames(blobs));
    }

    @Test
    void changeListRetentionDropsTheOldestClosedListsFromIndexAndDisk() throws Exception {
        PublisherOptions keepTwo = options().storeContent(true).changeDump(true).changeListSize(1)
                .changeListRetention(2);
        try (Publisher p = Publisher.open(keepTwo)) {
            for (int i = 0; i < 5; i++) {
                p.publish(event("http://origin.example/r" + i + ".txt", ChangeType.CREATED, T0.plusSeconds(i)),
                        body("r" + i));
            }
        }
        // five changes, one per list: lists 1-4 closed, 5 open; 1 and 2 dropped
        Doc index = doc("changelist.xml");
        assertEquals(List.of("changelists/changelist-00003.xml", "changelists/changelist-00004.xml",
                "changelists/changelist-00005.xml"),
                index.entries().stream().map(e -> BASE.relativize(e.loc()).getPath()).toList());
        // lists are contiguous: list 3 runs from the until of list 2 (its change at T0+1s) to its own change at T0+2s
        assertEquals(T0.plusSeconds(1), index.header().md().from(), "the index starts where its oldest kept list does");
        assertEquals(List.of("changelist-00003.xml", "changelist-00004.xml", "changelist-00005.xml"),
                fileNames(dir.resolve("changelists")));
        // each package with its manifest beside it (rel="contents"); the dropped ones go with their manifests
        assertEquals(List.of("changedump-00003-manifest.xml", "changedump-00003.zip", "changedump-00004-manifest.xml",
                "changedump-00004.zip"), fileNames(dir.resolve("dumps")));
        assertEquals(2, doc("changedump.xml").entries().size());
        assertEquals(5, doc("resourcelist.xml").entries().size(), "retention drops history, never resources");
        PublishedDocs.assertAllValid(dir);

        // a smaller retention applies at the next start, and a list file a crash left behind goes too
        Files.writeString(dir.resolve("changelists/changelist-00001.xml"), "left behind");
        try (Publisher p = Publisher.open(keepTwo.changeListRetention(1))) {
            assertEquals(5, p.resourceCount());
        }
        assertEquals(List.of("changelist-00004.xml", "changelist-00005.xml"), fileNames(dir.resolve("changelists")));
        assertEquals(List.of("changedump-00004-manifest.xml", "changedump-00004.zip"), fileNames(dir.resolve("dumps")));
        assertEquals(2, doc("changelist.xml").entries().size());
    }

    @Test
    void negativeChangeListRetentionIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Publisher.open(options().changeListRetention(-1)));
        assertTrue(e.getMessage().contains("changeListRetention"), e.getMessage());
    }

    /** The bitstreams of a package the Change Dump lists, in manifest order, each verified by {@link #readPackage}. */
    List<String> changeDumpContents(Entry pkg) throws Exception {
        return new ArrayList<>(readPackage(dir.resolve(BASE.relativize(pkg.loc()).getPath()),
                Capability.CHANGEDUMP_MANIFEST).values());
    }

    static List<String> sorted(String... names) {
        return Stream.of(names).sorted().toList();
    }

    static List<String> fileNames(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * Reads a dump package as a harvester would: manifest with the project's SitemapReader, each bitstream at its
     * {@code rs:md path}, checked against the manifest's md5, sha-256 and length. Returns path to content.
     */
    static Map<String, String> readPackage(Path zip, Capability manifestCapability) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (ZipFile z = new ZipFile(zip.toFile())) {
            ZipEntry manifest = z.getEntry(PackageWriter.MANIFEST);
            assertNotNull(manifest, "manifest.xml in " + zip);
            byte[] manifestBytes = z.getInputStream(manifest).readAllBytes();
            io.github.camelresourcesync.testsupport.SitemapStructure.check(new ByteArrayInputStream(manifestBytes),
                    "manifest").forEach(problem -> {
                        throw new AssertionError(problem);
                    });
            Doc doc = PublishedDocs.read(new ByteArrayInputStream(manifestBytes), zip.toUri());
            assertEquals(manifestCapability, doc.header().capability());
            for (Entry e : doc.entries()) {
                String path = e.md().path().substring(1);
                String content = new String(z.getInputStream(z.getEntry(path)).readAllBytes(), StandardCharsets.UTF_8);
                assertEquals(e.md().hash().get("md5"), hex("MD5", content), path);
                assertEquals(e.md().hash().get("sha-256"), hex("SHA-256", content), path);
                assertEquals(e.md().length(), (long) content.getBytes(StandardCharsets.UTF_8).length);
                out.put(path, content);
            }
        }
        return out;
    }

    @Test
    void dumpsNeedStoredContent() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Publisher.open(options().resourceDump(true)));
        assertTrue(e.getMessage().contains("storeContent"), e.getMessage());
    }

    /** Documents (not state) by relative path, with their content. */
    Map<String, String> files() throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                String rel = dir.relativize(p).toString();
                if (!rel.startsWith(".publisher")) {
                    out.put(rel, Files.readString(p));
                }
            }
        }
        return out;
    }

    static final class MutableClock extends Clock {
        private Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
