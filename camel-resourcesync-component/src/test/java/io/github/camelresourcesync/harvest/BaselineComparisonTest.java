package io.github.camelresourcesync.harvest;

import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LiteralSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Repeated baselines ({@code mode=baseline}) over a literal Resource List whose entries publish different subsets of
 * hash, lastmod and length: a resource is delivered again exactly when what it publishes shows a change (the hash
 * decides when both sides have one, else lastmod, else length), and always when it publishes nothing to compare.
 */
class BaselineComparisonTest {

    private static final String L1 = "2024-01-01T00:00:01Z";
    private static final String L2 = "2024-01-01T00:00:02Z";
    private static final String MD5_A = "md5:1e0d5cb8ef6ba40c99b14c0237be735e";
    private static final String MD5_B = "md5:2e0d5cb8ef6ba40c99b14c0237be735e";

    private LiteralSource source;
    @RegisterExtension
    final FetchRig rig = new FetchRig(2);
    private final InMemoryStateStore store = new InMemoryStateStore();

    @BeforeEach
    void start() throws Exception {
        source = new LiteralSource();
        source.capabilities("resourcelist");
    }

    @AfterEach
    void stop() {
        source.close();
    }

    /** One resource per line: path, then lastmod (or null) and the rs:md attributes. */
    private void resourceList(String at, String... urls) {
        StringBuilder xml = new StringBuilder(URLSET).append("  <rs:md capability=\"resourcelist\" at=\"").append(at)
                .append("\" completed=\"").append(at).append("\"/>\n");
        for (String url : urls) {
            xml.append(url);
        }
        source.xml("/resourcelist.xml", xml.append("</urlset>").toString());
    }

    private static String url(String path, String lastmod, String md) {
        return "  <url><loc>{base}" + path + "</loc>" + (lastmod == null ? "" : "<lastmod>" + lastmod + "</lastmod>")
               + "<rs:md " + md + "/></url>\n";
    }

    private Harvester harvester() {
        return harvester(new HarvestOptions().mode(SyncMode.BASELINE).fetchContent(false));
    }

    private Harvester harvester(HarvestOptions options) {
        return rig.harvester(source.base(), options, store);
    }

    /** Runs one pass; an event that fails (fixity) is given up, as a route with no retries left does. */
    private static List<String> runAll(Harvester h) throws Exception {
        List<String> seen = new ArrayList<>();
        try (SyncRun run = h.startRun(0)) {
            while (run.hasMore()) {
                PendingEvent p = run.next();
                if (p == null) {
                    run.flush();
                    continue;
                }
                if (p.failed()) {
                    seen.add("given up " + p.event().location().getPath());
                    run.givenUp(p);
                    continue;
                }
                seen.add(p.event().change() + " " + p.event().location().getPath());
                run.delivered(p);
            }
            run.flush();
        }
        return seen;
    }

    @Test
    void theHashDecidesWhenBothSidesHaveOne() throws Exception {
        Harvester h = harvester();
        resourceList("2024-01-01T00:00:10Z", url("/same.txt", L1, "hash=\"" + MD5_A + "\" length=\"5\""),
                url("/other.txt", L1, "hash=\"" + MD5_A + "\" length=\"5\""));
        assertEquals(List.of("created /same.txt", "created /other.txt"), runAll(h));
        resourceList("2024-01-01T00:00:20Z", url("/same.txt", L2, "hash=\"" + MD5_A + "\" length=\"6\""),
                url("/other.txt", L1, "hash=\"" + MD5_B + "\" length=\"5\""));
        assertEquals(List.of("updated /other.txt"), runAll(h),
                "same.txt: same hash, whatever its lastmod and length say; other.txt: another hash");
    }

    @Test
    void withoutHashesLastmodThenLengthDecide() throws Exception {
        Harvester h = harvester();
        resourceList("2024-01-01T00:00:10Z",
                url("/lastmod-changed.txt", L1, "length=\"5\""),
                url("/length-changed.txt", L1, "length=\"5\""),
                url("/length-only-same.txt", null, "length=\"5\""),
                url("/length-only-changed.txt", null, "length=\"5\""),
                url("/lastmod-only-same.txt", L1, ""),
                url("/nothing.txt", null, ""));
        assertEquals(6, runAll(h).size());
        resourceList("2024-01-01T00:00:20Z",
                url("/lastmod-changed.txt", L2, "length=\"5\""),
                url("/length-changed.txt", L1, "length=\"6\""),
                url("/length-only-same.txt", null, "length=\"5\""),
                url("/length-only-changed.txt", null, "length=\"7\""),
                url("/lastmod-only-same.txt", L1, ""),
                url("/nothing.txt", null, ""));
        assertEquals(List.of("updated /lastmod-changed.txt", "updated /length-changed.txt",
                "updated /length-only-changed.txt", "updated /nothing.txt"), runAll(h),
                "nothing.txt publishes nothing to compare: delivered again rather than risk losing a change");
    }

    /**
     * With emitDeletes, a baseline sweeps what it no longer lists. A resource still listed whose new version failed
     * fixity and was given up is not swept as deleted, and the next baseline tries its new version again.
     */
    @Test
    void aListedResourceWhoseNewVersionWasGivenUpIsNotSweptAsDeleted() throws Exception {
        Harvester h = harvester(new HarvestOptions().mode(SyncMode.BASELINE).emitDeletes(true));
        source.text("/a.txt", "alpha").text("/b.txt", "bravo").text("/c.txt", "charlie");
        resourceList("2024-01-01T00:00:10Z", url("/a.txt", L1, LiteralSource.fixity("md5", "alpha")),
                url("/b.txt", L1, LiteralSource.fixity("md5", "bravo")),
                url("/c.txt", L1, LiteralSource.fixity("md5", "charlie")));
        assertEquals(List.of("created /a.txt", "created /b.txt", "created /c.txt"), runAll(h));

        source.text("/a.txt", "alphX"); // the Source serves damaged bytes of the new version
        resourceList("2024-01-01T00:00:20Z", url("/a.txt", L2, LiteralSource.fixity("md5", "alpha 2")),
                url("/b.txt", L1, LiteralSource.fixity("md5", "bravo")));
        assertEquals(List.of("given up /a.txt", "deleted /c.txt"), runAll(h),
                "c.txt is no longer listed; a.txt and b.txt are");

        source.text("/a.txt", "alpha 2");
        assertEquals(List.of("updated /a.txt"), runAll(h), "the given-up version is tried again");
        assertEquals(List.of(), runAll(h));
    }
}
