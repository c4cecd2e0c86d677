package io.github.camelresourcesync.component.metashare;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.github.camelresourcesync.bridge.metashare.MetashareClient;
import io.github.camelresourcesync.bridge.metashare.MetashareHarvester;
import io.github.camelresourcesync.harvest.FetchAheadRun;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.testsupport.HarvestModel;
import io.github.camelresourcesync.testsupport.MetashareNode;
import io.github.camelresourcesync.testsupport.ModelSeeds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;


/**
 * Random histories of a META-SHARE node (records added, updated, soft- and hard-deleted) interleaved with harvests of
 * random sizes, some crashing, checked against what a destination needs: once caught up, its mirror holds exactly the
 * node's live records, as served. A failing seed prints its history.
 */
class MetashareModelTest {

    private static final int[] LIMITS = {0, 1, 2, 3, 5};

    private final HarvestModel model = new HarvestModel(HarvestModel::text);
    private final Set<String> live = new HashSet<>();
    private MetashareNode node;
    private MetashareClient client;
    private ExecutorService pool;

    @BeforeEach
    void start() {
        node = MetashareNode.start("harvester", "secret");
        client = new MetashareClient(node.baseUri(), "harvester", "secret", new HttpFetcher(
                MetashareClient.policy(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY))), 0);
        pool = Executors.newFixedThreadPool(4);
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
        client.close();
        node.close();
    }

    private static String xml(String name) {
        return "<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo xmlns=\"http://www.ilsp.gr/META-XMLSchema\">"
               + "<identificationInfo><resourceName lang=\"en\">" + name + "</resourceName></identificationInfo>"
               + "</resourceInfo>";
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource(ModelSeeds.SEEDS)
    void theMirrorHoldsTheNodesLiveRecordsOnceCaughtUp(long seed) throws Exception {
        Random random = new Random(seed);
        int limit = LIMITS[random.nextInt(LIMITS.length)];
        model.log("seed " + seed + ": limit " + limit);
        for (int i = 0; i < 2 + random.nextInt(5); i++) {
            add("v0");
        }
        MetashareHarvester h = new MetashareHarvester(client, model.store(), null,
                new FetchAheadRun.Fetching(pool, 1 + random.nextInt(4), null),
                () -> new SyncProgress("model", 0));
        for (int step = 0; step < 40; step++) {
            int op = random.nextInt(100);
            List<String> ids = new ArrayList<>(live);
            ids.sort(null);
            String some = ids.isEmpty() ? null : ids.get(random.nextInt(ids.size()));
            if (op < 30 && some != null) {
                node.update(some, xml("v" + step));
                model.log("update " + some);
            } else if (op < 40) {
                add("v" + step);
            } else if (op < 45 && some != null) {
                node.softDelete(some);
                live.remove(some);
                model.log("soft delete " + some);
            } else if (op < 50 && some != null) {
                node.hardDelete(some);
                live.remove(some);
                model.log("hard delete " + some);
            } else {
                int crashAfter = random.nextInt(5) == 0 ? random.nextInt(4) : -1;
                model.poll("harvest", h.startRun(limit), crashAfter);
            }
        }
        model.catchUp(() -> h.startRun(limit));
        Map<String, String> expected = new HashMap<>();
        for (String id : live) {
            expected.put(node.recordUri(id).toString(), new String(node.servedXml(id), StandardCharsets.US_ASCII));
        }
        // a record delivered just before a crash and hard-deleted before the next poll: nothing recorded it, and
        // the inventory no longer names it
        model.assertMirrors(expected, true);
    }

    private void add(String version) {
        String id = node.add(xml(version));
        live.add(id);
        model.log("add " + id);
    }
}
