package io.github.camelresourcesync.bridge.atompmh;

import java.net.URI;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.state.StateChange;
import io.github.camelresourcesync.testsupport.LogCapture;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a poll of an Atom-PMH feed plans, entry by entry, without HTTP: which entry of a record wins, where the resume
 * point cuts, what the destination's known records turn into (unchanged, updated, moved, deleted), deletions by
 * absence in a complete feed, and which alternate link is taken.
 */
class ChangePlannerTest {

    private static final URI FEED = URI.create("https://feed.example/atom");
    private static final Instant T = Instant.parse("2024-01-01T00:00:00Z");
    private static final String KEY = "source";

    private final InMemoryStateStore store = new InMemoryStateStore();

    private static AtomLink xml(String href) {
        return new AtomLink("alternate", URI.create(href), "application/xml");
    }

    private static AtomEntry entry(String id, Instant updated, AtomLink... links) {
        return new AtomEntry(id, "t", updated, Arrays.asList(links), false, FEED, 0);
    }

    private static AtomEntry deletion(String id, Instant updated) {
        return new AtomEntry(id, "t", updated, List.of(), true, FEED, 0);
    }

    private static AtomFeed feed(boolean complete, AtomEntry... entries) {
        return new AtomFeed(FEED, T.plusSeconds(3600), complete, null, null, Arrays.asList(entries));
    }

    private void known(String id, String location, Instant updated) {
        store.apply(KEY, new StateChange(null, List.of(KnownRecords.state(id, URI.create(location), updated)),
                List.of()));
    }

    private List<String> plan(AtomPmhOptions options, SourceState state, AtomFeed... feeds) {
        return new ChangePlanner(options).plan(List.of(feeds), state, new KnownRecords(store, KEY)).stream()
                .map(c -> c.change().value() + " " + c.location() + " " + c.datetime().getEpochSecond() % 3600)
                .toList();
    }

    private List<String> plan(AtomFeed... feeds) {
        return plan(new AtomPmhOptions(), SourceState.INITIAL, feeds);
    }

    @Test
    void theNewestEntryOfARecordWinsAndADeletionWinsItsSecond() {
        assertEquals(List.of("created https://r.example/2 5"), plan(feed(false,
                entry("urn:a", T.plusSeconds(1), xml("https://r.example/1")),
                entry("urn:a", T.plusSeconds(5), xml("https://r.example/2")))));
        known("urn:b", "https://r.example/b", T);
        assertEquals(List.of("deleted https://r.example/b 7"), plan(feed(false,
                entry("urn:b", T.plusSeconds(7), xml("https://r.example/b")),
                deletion("urn:b", T.plusSeconds(7)))), "a deletion and an update of one second: the deletion");
        assertEquals(List.of("created https://r.example/c1 9"), plan(feed(false,
                entry("urn:c", T.plusSeconds(9), xml("https://r.example/c2")),
                entry("urn:c", T.plusSeconds(9), xml("https://r.example/c1")))).stream()
                .filter(s -> s.contains("/c")).toList(), "two updates of one second: the first link by text, always");
    }

    @Test
    void theResumePointCutsAtItsTimeAndTheEventsDeliveredThere() {
        String done = ChangePlanner.resumeKey(URI.create("https://r.example/done"), T, false);
        SourceState state = new SourceState(true, 0, T, Set.of(done), null);
        assertEquals(List.of("created https://r.example/same-second 0", "created https://r.example/after 1"),
                plan(new AtomPmhOptions(), state, feed(false,
                        entry("urn:old", T.minusSeconds(1), xml("https://r.example/old")),
                        entry("urn:done", T, xml("https://r.example/done")),
                        entry("urn:same", T, xml("https://r.example/same-second")),
                        entry("urn:after", T.plusSeconds(1), xml("https://r.example/after")))));
        assertEquals(done + " deleted", ChangePlanner.resumeKey(URI.create("https://r.example/done"), T, true));
    }

    @Test
    void knownRecordsAreUnchangedUpdatedMovedOrDeleted() {
        known("urn:same", "https://r.example/same", T.plusSeconds(5));
        known("urn:newer", "https://r.example/newer", T);
        known("urn:moved", "https://r.example/old-place", T);
        known("urn:lost-format", "https://r.example/lost", T);
        known("urn:deleted", "https://r.example/deleted", T);
        List<String> planned = plan(new AtomPmhOptions().mediaTypes(List.of("application/xml")), SourceState.INITIAL,
                feed(false,
                        entry("urn:same", T.plusSeconds(5), xml("https://r.example/same")),
                        entry("urn:same", T.plusSeconds(4), xml("https://r.example/same")),
                        entry("urn:newer", T.plusSeconds(6), xml("https://r.example/newer")),
                        entry("urn:moved", T.plusSeconds(7), xml("https://r.example/new-place")),
                        entry("urn:lost-format", T.plusSeconds(8),
                                new AtomLink("alternate", URI.create("https://r.example/lost.pdf"), "application/pdf")),
                        deletion("urn:deleted", T.plusSeconds(9)),
                        deletion("urn:never-known", T.plusSeconds(9))));
        assertEquals(List.of("updated https://r.example/newer 6", "deleted https://r.example/old-place 7",
                "created https://r.example/new-place 7", "deleted https://r.example/lost 8",
                "deleted https://r.example/deleted 9"), planned);
    }

    @Test
    void aCompleteFeedSaysDeletionsByAbsence() {
        known("urn:kept", "https://r.example/kept", T);
        known("urn:gone", "https://r.example/gone", T);
        // the deletion by absence is dated by the feed (T + 1 h), and comes after the changes that move the resume point
        assertEquals(List.of("updated https://r.example/kept 2", "deleted https://r.example/gone 0"),
                plan(feed(true, entry("urn:kept", T.plusSeconds(2), xml("https://r.example/kept")),
                        deletion("urn:kept", T.plusSeconds(1)))),
                "a stale deletion entry in a complete feed is ignored; absence deletes");
    }

    @Test
    void theMostPreferredWantedTypeIsTakenAndNothingElse() {
        AtomEntry e = entry("urn:a", T, new AtomLink("alternate", URI.create("https://r.example/a.json"),
                "application/json"), new AtomLink("alternate", URI.create("https://r.example/a.xml"),
                "application/xml; charset=utf-8"));
        ChangePlanner prefersXml = new ChangePlanner(new AtomPmhOptions().mediaTypes(
                List.of("application/xml", "application/json")));
        assertEquals(URI.create("https://r.example/a.xml"), prefersXml.choose(e).href());
        assertEquals(URI.create("https://r.example/a.json"), new ChangePlanner(new AtomPmhOptions()).choose(e).href(),
                "no preference: the first");
        assertEquals(null, new ChangePlanner(new AtomPmhOptions().mediaTypes(List.of("text/html"))).choose(e));
        assertEquals(null, prefersXml.choose(entry("urn:b", T)));
    }

    @Test
    void aPollThatPassesOverEveryRecordSaysWhichTypesTheyOffer() {
        try (LogCapture log = LogCapture.open()) {
            assertEquals(List.of(), plan(new AtomPmhOptions().mediaTypes(List.of("application/atom xml")),
                    SourceState.INITIAL, feed(false,
                            entry("urn:a", T, new AtomLink("alternate", URI.create("https://r.example/a"),
                                    "application/atom+xml")),
                            entry("urn:b", T, new AtomLink("alternate", URI.create("https://r.example/b"), null)))));
            assertTrue(log.contains("all 2 records of this poll passed over", "application/atom xml",
                    "their links offer (no type), application/atom+xml"), log.lines().toString());
        }
    }

    @Test
    void theAtomIdIsTheLocationWhenAskedAndAbsolute() {
        AtomPmhOptions byId = new AtomPmhOptions().useAtomIdAsLocation(true);
        // one second: in id order
        assertEquals(List.of("created https://r.example/b 0", "created https://id.example/a 0"),
                plan(byId, SourceState.INITIAL, feed(false, entry("https://id.example/a", T, xml("https://r.example/a")),
                        entry("b-not-absolute", T, xml("https://r.example/b")))));
    }

    @Test
    void entriesOfOneRecordAndSecondGiveTheSameChangeInEitherOrder() {
        assertEquals(List.of("created https://r.example/c1 9"), plan(feed(false,
                entry("urn:c", T.plusSeconds(9), xml("https://r.example/c1")),
                entry("urn:c", T.plusSeconds(9), xml("https://r.example/c2")))), "the first link by text, here first");
        known("urn:d", "https://r.example/d", T);
        assertEquals(List.of("deleted https://r.example/d 3"), plan(feed(false,
                deletion("urn:d", T.plusSeconds(3)), deletion("urn:d", T.plusSeconds(3)))),
                "a deletion entry and a tombstone of one second: still one deletion");
    }

    @Test
    void onlyRecordsWithSomethingNewCountAsLookedAtForThePassedOverWarning() {
        known("urn:same", "https://r.example/same", T);
        AtomPmhOptions xmlOnly = new AtomPmhOptions().mediaTypes(List.of("application/xml"));
        AtomLink pdf = new AtomLink("alternate", URI.create("https://r.example/x.pdf"), "application/pdf");
        try (LogCapture log = LogCapture.open()) {
            assertEquals(List.of(), plan(xmlOnly, SourceState.INITIAL,
                    feed(false, entry("urn:same", T, xml("https://r.example/same")))));
            assertTrue(!log.contains("passed over"), "an idle poll warns of nothing: " + log.lines());
            assertEquals(List.of(), plan(xmlOnly, SourceState.INITIAL,
                    feed(false, entry("urn:same", T, xml("https://r.example/same")), entry("urn:x", T, pdf))));
            assertTrue(log.contains("all 1 records of this poll passed over", "application/pdf"),
                    "the unchanged record was not looked at, the new one was passed over: " + log.lines());
        }
    }
}
