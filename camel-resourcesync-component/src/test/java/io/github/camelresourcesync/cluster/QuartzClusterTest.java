package io.github.camelresourcesync.cluster;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JVMs running the same {@code scheduler=quartz} routes (one per Source, a cron and a trigger id each) on Quartz's
 * clustered JobStoreTX and the JDBC state store, both in PostgreSQL, configured with standard properties only: they
 * start together, share the Sources, take over a killed node's Sources, and the state store's leases keep any Source
 * from being harvested by two nodes at once, even when Quartz would fire it twice or a node pauses.
 */
class QuartzClusterTest {

    @TempDir
    Path tmp;

    @Test
    void nodesStartedTogetherShareTheSourcesAndTheSurvivorsTakeOverAKilledNode() throws Exception {
        int sources = 30;
        int resources = 3;
        try (QuartzCluster cluster = new QuartzCluster(tmp, sources, resources, "0/2+*+*+*+*+?", 0, "")) {
            startAll(cluster, "a", "b", "c");
            await().atMost(Duration.ofSeconds(180)).until(() -> cluster.distinctEvents() >= sources * resources);
            Map<String, Integer> perNode = cluster.eventsPerNode();
            assertTrue(perNode.size() >= 2, "the baseline is spread over the nodes: " + perNode);

            String victim = perNode.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
            cluster.nodes.get(victim).destroyForcibly().waitFor(); // SIGKILL
            cluster.changeEverySource();
            // one poll interval plus Quartz's check-in and recovery, with room for this busy machine
            await().atMost(Duration.ofSeconds(90)).until(() -> cluster.distinctEvents() >= sources * (resources + 1));
            cluster.assertEveryMirror();
            assertEquals(List.of(), cluster.overlappingLeases(), "no Source leased by two nodes at once");
            System.out.printf("quartz cluster: baseline per node %s, killed %s, after: %s%n", perNode, victim,
                    cluster.eventsPerNode());
        }
    }

    /**
     * Polls that outlast their interval, and two triggers per Source (each node its own trigger id, so Quartz fires
     * every Source on both nodes): the leases alone keep each Source to one poll at a time, the other is skipped.
     */
    @Test
    void aSourceFiredOnTwoNodesWhileItsPollOutlastsTheIntervalIsHarvestedOnce() throws Exception {
        int sources = 4;
        int resources = 25;
        try (QuartzCluster cluster = new QuartzCluster(tmp, sources, resources, "0/1+*+*+*+*+?", 100, "")) {
            cluster.jvmArgs.add("-Dcluster.triggerPerNode=true");
            startAll(cluster, "a", "b");
            await().atMost(Duration.ofSeconds(240)).until(() -> cluster.distinctEvents() >= sources * resources);
            List<String> all = cluster.allEvents();
            assertEquals(sources * resources, all.size(), "every event delivered once, by one node: " + all);
            long skipped = cluster.stats("a").getOrDefault("skipped", 0L) + cluster.stats("b").getOrDefault("skipped", 0L);
            // how often the two triggers of a Source collide is up to Quartz (0 to 6 here); LeasedPollsTest makes
            // them collide every time
            assertEquals(List.of(), cluster.overlappingLeases(), "no Source leased by two nodes at once");
            cluster.assertEveryMirror();
            System.out.printf("quartz cluster, trigger per node: %s skipped polls, events per node %s%n", skipped,
                    cluster.eventsPerNode());
        }
    }

    /**
     * A node suspended (SIGSTOP) mid-poll past its lease: the other node takes its Sources over; resumed (SIGCONT), the
     * paused node's commits are refused and its poll ends saying so, so it writes nothing over the newer state.
     */
    @Test
    void aNodePausedPastItsLeaseIsFencedWhenItWakesUp() throws Exception {
        int sources = 2;
        int resources = 40;
        try (QuartzCluster cluster = new QuartzCluster(tmp, sources, resources, "0/2+*+*+*+*+?", 150, "")) {
            cluster.jvmArgs.add("-Dcluster.lease=3000");
            startAll(cluster, "a", "b");
            await().atMost(Duration.ofSeconds(120)).until(() -> !cluster.allEvents().isEmpty());
            String paused = cluster.eventsPerNode().keySet().iterator().next();
            String other = paused.equals("a") ? "b" : "a";
            signal("STOP", cluster.nodes.get(paused));
            try {
                // the other node finishes every baseline while the paused node's leases expire
                await().atMost(Duration.ofSeconds(180)).until(() -> cluster.distinctEvents() >= sources * resources);
                assertTrue(cluster.stats(other).getOrDefault("handOvers", 0L) > 0,
                        "the other node took a lease over: " + cluster.stats(other));
            } finally {
                signal("CONT", cluster.nodes.get(paused));
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                String log = Files.readString(cluster.log(paused));
                return log.contains("no longer holds the lease") || log.contains("Lost the lease of");
            });
            cluster.changeEverySource();
            await().atMost(Duration.ofSeconds(90)).until(() -> cluster.distinctEvents() >= sources * (resources + 1));
            cluster.assertEveryMirror();
            assertEquals(List.of(), cluster.overlappingLeases(), "no Source leased by two nodes at once");
            System.out.printf("quartz cluster, paused %s: stats %s / %s%n", paused, cluster.stats(paused),
                    cluster.stats(other));
        }
    }

    private static void startAll(QuartzCluster cluster, String... ids) throws Exception {
        for (String id : ids) {
            cluster.start(id);
        }
        for (String id : ids) {
            cluster.awaitStarted(id);
        }
    }

    private static void signal(String signal, Process p) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid())).start().waitFor());
    }
}
