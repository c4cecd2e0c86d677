package io.github.camelresourcesync.cluster;

import static io.github.camelresourcesync.MirrorAssertions.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three JVMs run the same {@code scheduler=quartz} routes (one per Source, a cron and a trigger id each) on Quartz's
 * clustered JobStoreTX and the JDBC state store, both in PostgreSQL, configured with standard properties only.
 */
class QuartzClusterTest {

    private static final int SOURCES = 30;
    private static final int RESOURCES = 3;

    @TempDir
    Path tmp;

    @Test
    void nodesStartedTogetherShareTheSourcesAndTheSurvivorsTakeOverAKilledNode() throws Exception {
        try (QuartzCluster cluster = new QuartzCluster(tmp, SOURCES, RESOURCES, "0/2+*+*+*+*+?", 0, "")) {
            for (String id : new String[] { "a", "b", "c" }) {
                cluster.start(id);
            }
            for (String id : new String[] { "a", "b", "c" }) {
                cluster.awaitStarted(id);
            }
            await().atMost(Duration.ofSeconds(180)).until(() -> cluster.distinctEvents() >= SOURCES * RESOURCES);
            Map<String, Integer> perNode = cluster.eventsPerNode();
            assertTrue(perNode.size() >= 2, "the baseline is spread over the nodes: " + perNode);

            String victim = perNode.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
            cluster.nodes.get(victim).destroyForcibly().waitFor(); // SIGKILL
            for (int s = 0; s < SOURCES; s++) {
                cluster.sources.get(s).change("/res/r0.txt", "source " + s + " changed");
            }
            // one poll interval plus Quartz's check-in and recovery, with room for this busy machine
            await().atMost(Duration.ofSeconds(90))
                    .until(() -> cluster.distinctEvents() >= SOURCES * (RESOURCES + 1));
            for (int s = 0; s < SOURCES; s++) {
                assertMirrors(cluster.sources.get(s).snapshot(), cluster.mirrorRoot().resolve("s" + s));
            }
            System.out.printf("quartz cluster: baseline per node %s, killed %s, after: %s%n", perNode, victim,
                    cluster.eventsPerNode());
        }
    }
}
