package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.TestSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Which Capability Lists a harvester follows, for a Source Description listing two: all, or the one
 * {@code capabilityList} names (by URI or its end), a clear error naming the Source's lists when none matches,
 * discovery reused until the rediscovery interval passes and logged when what is followed changes, push changes
 * handed to the Capability List that advertises their channel, and {@code invalidate} forgetting unchanged documents.
 */
class HarvesterSourcesTest {

    private static final String NS = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                                     + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\"";
    private static final String CHANNEL = "<url><loc>{base}/two/notification.xml</loc>"
                                          + "<rs:md capability=\"changelist-notification\"/>"
                                          + "<rs:ln rel=\"hub\" href=\"{base}/hub\"/></url>";

    @RegisterExtension
    final FetchRig rig = new FetchRig(2);
    private final InMemoryStateStore store = new InMemoryStateStore();
    private LiteralSource source;

    @BeforeEach
    void start() throws IOException {
        source = new LiteralSource().xml("/.well-known/resourcesync", "<urlset " + NS + ">"
                + "<rs:md capability=\"description\"/>"
                + "<url><loc>{base}/one/capabilitylist.xml</loc><rs:md capability=\"capabilitylist\"/></url>"
                + "<url><loc>{base}/two/capabilitylist.xml</loc><rs:md capability=\"capabilitylist\"/></url>"
                + "</urlset>");
        capabilityList("one", "");
        capabilityList("two", CHANNEL);
    }

    @AfterEach
    void stop() {
        source.close();
    }

    /** Publishes {@code /name/capabilitylist.xml} with a Resource List, a Change List and {@code extra} entries. */
    private void capabilityList(String name, String extra) {
        source.xml("/" + name + "/capabilitylist.xml", "<urlset " + NS + ">"
                + "<rs:ln rel=\"up\" href=\"{base}/.well-known/resourcesync\"/><rs:md capability=\"capabilitylist\"/>"
                + "<url><loc>{base}/" + name + "/resourcelist.xml</loc><rs:md capability=\"resourcelist\"/></url>"
                + "<url><loc>{base}/" + name + "/changelist.xml</loc><rs:md capability=\"changelist\"/></url>"
                + extra + "</urlset>");
    }

    private String uri(String path) {
        return source.origin() + path;
    }

    private Harvester harvester(HarvestOptions options) {
        return rig.harvester(source.base(), options, store);
    }

    private static List<String> followed(List<DiscoveredSource> sources) {
        return sources.stream().map(DiscoveredSource::key).toList();
    }

    @Test
    void everyCapabilityListIsFollowedWhenNoneIsChosen() throws Exception {
        Harvester h = harvester(new HarvestOptions());
        assertEquals(List.of(), h.followedSources(), "nothing discovered yet");
        List<String> both = List.of(uri("/one/capabilitylist.xml"), uri("/two/capabilitylist.xml"));
        assertEquals(both, followed(h.sources()));
        h.invalidate();
        assertEquals(both, followed(h.followedSources()), "still what operators see while the Source is failing");

        assertEquals(both, followed(harvester(new HarvestOptions().capabilityList("  ")).sources()), "blank: all");
    }

    @Test
    void aCapabilityListIsChosenByItsUriOrByHowItEnds() throws Exception {
        assertEquals(List.of(uri("/two/capabilitylist.xml")),
                followed(harvester(new HarvestOptions().capabilityList("two/capabilitylist.xml")).sources()));
        Harvester one = harvester(new HarvestOptions().capabilityList(uri("/one/capabilitylist.xml")));
        assertEquals(List.of(uri("/one/capabilitylist.xml")), followed(one.sources()));
        assertEquals(List.of(uri("/one/capabilitylist.xml")), followed(one.followedSources()));
    }

    @Test
    void aChoiceMatchingNoCapabilityListNamesTheOnesTheSourceHas() {
        Harvester h = harvester(new HarvestOptions().capabilityList("three/capabilitylist.xml"));
        IOException e = assertThrows(IOException.class, h::sources);
        assertEquals("No Capability List matches capabilityList=three/capabilitylist.xml at " + source.base()
                     + "; the Source has [" + uri("/one/capabilitylist.xml") + ", " + uri("/two/capabilitylist.xml")
                     + "]", e.getMessage());
    }

    @Test
    void discoveryIsReusedUntilTheRediscoveryIntervalHasPassed() throws Exception {
        Harvester h = harvester(new HarvestOptions()); // 15 minutes
        for (int i = 0; i < 3; i++) {
            h.sources();
        }
        assertEquals(1, source.requests("/.well-known/resourcesync"));

        Harvester eager = harvester(new HarvestOptions().rediscoveryInterval(Duration.ZERO));
        for (int i = 0; i < 3; i++) {
            eager.sources();
        }
        assertEquals(1 + 3, source.requests("/.well-known/resourcesync"), "each call discovers again");
    }

    /** Rediscovery that finds the same lists stays quiet; a changed Capability List is announced again. */
    @Test
    void whatIsFollowedIsLoggedWhenItChanges() throws Exception {
        Harvester h = harvester(new HarvestOptions().rediscoveryInterval(Duration.ZERO));
        try (LogCapture log = LogCapture.everything()) {
            h.sources();
            h.sources();
            assertEquals(List.of("Following Capability List " + uri("/one/capabilitylist.xml")
                                 + " (resourcelist, changelist)", "Following Capability List "
                                 + uri("/two/capabilitylist.xml")
                                 + " (resourcelist, changelist, changelist-notification)"), following(log));

            capabilityList("one", "<url><loc>{base}/one/changedump.xml</loc><rs:md capability=\"changedump\"/></url>");
            h.sources();
            List<String> lines = following(log);
            assertEquals(4, lines.size(), () -> String.join("\n", lines));
            assertEquals("Following Capability List " + uri("/one/capabilitylist.xml")
                         + " (resourcelist, changelist, changedump)", lines.get(2));
        }
    }

    private static List<String> following(LogCapture log) {
        return log.lines().stream().filter(l -> l.contains("Following Capability List "))
                .map(l -> l.substring(l.indexOf("Following Capability List "))).toList();
    }

    private NotifiedChanges notified(String topic, String path) {
        Metadata md = new Metadata(null, null, null, null, null, Instant.parse("2024-01-02T00:00:00Z"), null,
                "created", null, null, null, null, null);
        return new NotifiedChanges(URI.create(uri(topic)), List.of(new Entry(URI.create(uri(path)), null, md, null,
                false)));
    }

    /** Pushed changes advance the state of the Capability List advertising their channel, else of the first one. */
    @Test
    void aPushedChangeGoesToTheCapabilityListAdvertisingItsChannel() throws Exception {
        Harvester h = harvester(new HarvestOptions().mode(SyncMode.INCREMENTAL).fetchContent(false));
        assertEquals(List.of(uri("/two/capabilitylist.xml") + " " + uri("/two/c.txt")),
                push(h, notified("/two/notification.xml", "/two/c.txt")), "delivered once, by two");
        assertEquals(List.of(uri("/one/capabilitylist.xml") + " " + uri("/one/d.txt")),
                push(h, notified("/elsewhere.xml", "/one/d.txt")), "a channel no list advertises: the first");
    }

    /** "source key location" of each event of a push-only run. */
    private static List<String> push(Harvester h, NotifiedChanges n) throws Exception {
        try (SyncRun run = h.startRun(0, List.of(n), false)) {
            return Deliveries.deliverAll(run, e -> e.sourceKey() + " " + e.location());
        }
    }

    /** After {@code invalidate} (a failed poll), every document is read again rather than asked for conditionally. */
    @Test
    void invalidateForgetsWhichDocumentsWereUnchanged() throws Exception {
        try (TestSource tagged = new TestSource().put("/res/a.txt", "alpha")) {
            Harvester h = rig.harvester(tagged.base(), new HarvestOptions().mode(SyncMode.BASELINE), store);
            assertEquals(List.of(1L, 0L), documents(h));
            assertEquals(List.of(0L, 1L), documents(h), "the Resource List answered 304");
            h.invalidate();
            assertEquals(List.of(1L, 0L), documents(h), "read in full again");
        }
    }

    /** Documents read and documents unchanged in one run. */
    private static List<Long> documents(Harvester h) throws Exception {
        try (SyncRun run = h.startRun(0)) {
            Deliveries.deliverAll(run, Deliveries.CHANGE_AND_FILE);
            return List.of(run.progress().documents(), run.progress().documentsUnchanged());
        }
    }
}
