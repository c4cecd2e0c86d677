package io.github.camelresourcesync.harvest;

import java.time.Duration;
import java.util.List;

import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.xml.DocumentException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.camelresourcesync.testsupport.LiteralSource.INDEX;
import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Harvest options as a harvester applies them: which Capability List is followed and under which state key, how
 * often discovery runs again, and how deep indexes may nest.
 */
class HarvestOptionsTest {

    @RegisterExtension
    final FetchRig rig = new FetchRig(1);
    private LiteralSource source;

    @BeforeEach
    void start() throws Exception {
        source = new LiteralSource();
        source.xml("/.well-known/resourcesync", URLSET + """
                  <rs:md capability="description"/>
                  <url><loc>{base}/cl-a.xml</loc><rs:md capability="capabilitylist"/></url>
                  <url><loc>{base}/cl-b.xml</loc><rs:md capability="capabilitylist"/></url>
                </urlset>""");
        for (String cl : List.of("a", "b")) {
            source.xml("/cl-" + cl + ".xml", URLSET + """
                      <rs:md capability="capabilitylist"/>
                      <url><loc>{base}/rl-%s.xml</loc><rs:md capability="resourcelist"/></url>
                    </urlset>""".formatted(cl));
        }
        source.xml("/rl-a.xml", INDEX + """
                  <rs:md capability="resourcelist"/>
                  <sitemap><loc>{base}/rl-a-1.xml</loc></sitemap>
                </sitemapindex>""");
        source.xml("/rl-a-1.xml", URLSET + """
                  <rs:md capability="resourcelist"/>
                  <url><loc>{base}/res/a.txt</loc></url>
                </urlset>""");
    }

    @AfterEach
    void stop() {
        source.close();
    }

    private Harvester harvester(HarvestOptions options) {
        return rig.harvester(source.base(), options, new InMemoryStateStore());
    }

    @Test
    void onlyTheCapabilityListAskedForIsFollowedUnderTheStateId() throws Exception {
        HarvestOptions options = new HarvestOptions().capabilityList("/cl-b.xml").stateId("mirror");
        assertEquals("/cl-b.xml", options.capabilityList());
        List<DiscoveredSource> followed = harvester(options).sources();
        assertEquals(List.of("mirror|" + source.origin() + "/cl-b.xml"),
                followed.stream().map(DiscoveredSource::key).toList());
    }

    @Test
    void aBlankStateIdIsNone() throws Exception {
        List<DiscoveredSource> followed = harvester(new HarvestOptions().stateId("  ").capabilityList(null)).sources();
        assertEquals(List.of(source.origin() + "/cl-a.xml", source.origin() + "/cl-b.xml"),
                followed.stream().map(DiscoveredSource::key).toList());
    }

    @Test
    void discoveryRunsAgainOnceTheRediscoveryIntervalHasPassed() throws Exception {
        Harvester trusting = harvester(new HarvestOptions());
        trusting.sources();
        trusting.sources();
        assertEquals(1, source.requests("/.well-known/resourcesync"), "within the default 15 minutes");
        Harvester eager = harvester(new HarvestOptions().rediscoveryInterval(Duration.ZERO).fetchContent(false));
        eager.sources();
        eager.sources();
        assertEquals(3, source.requests("/.well-known/resourcesync"));
    }

    @Test
    void indexesNestingDeeperThanAllowedFailTheBaseline() throws Exception {
        HarvestOptions options = new HarvestOptions().capabilityList("/cl-a.xml").maxDocumentDepth(1)
                .fetchWaitLimit(Duration.ofMinutes(5)).fetchContent(false);
        assertEquals(Duration.ofMinutes(5), options.fetchWaitLimit());
        try (SyncRun run = harvester(options).startRun(0)) {
            DocumentException e = assertThrows(DocumentException.class, () -> {
                for (PendingEvent p = run.next(); run.hasMore(); p = run.next()) {
                    if (p != null) {
                        run.delivered(p);
                    }
                }
            });
            assertTrue(e.getMessage().contains("indexes nest deeper than 1 levels at " + source.origin()
                    + "/rl-a-1.xml"), e.getMessage());
        }
        HarvestOptions deeper = new HarvestOptions().capabilityList("/cl-a.xml").maxDocumentDepth(2)
                .fetchContent(false);
        try (SyncRun run = harvester(deeper).startRun(0)) {
            PendingEvent p = run.next();
            while (p == null) {
                run.flush();
                p = run.next();
            }
            assertEquals("res/a.txt", p.event().fileName());
        }
    }
}
