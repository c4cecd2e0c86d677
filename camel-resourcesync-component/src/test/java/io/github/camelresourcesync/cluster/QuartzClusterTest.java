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

    /** The lease of the kill test: a poll the killed node was running holds its Source this long at most. */
    private static final long LEASE = 5000;
    /** Room for this 2-core machine shared with other builds (load averages of 10 and more). */
    private static final long SLACK = 12000;

    @TempDir
    Path tmp;

    @Test
    void nodesStartedTogetherShareTheSourcesAndTheSurvivorsTakeOverAKilledNode() throws Exception {
        int sources = 30;
        int resources = 3;
        try (QuartzCluster cluster = new QuartzCluster(tmp, sources, resources, "0/2+*+*+*+*+?", 0, "")) {
            cluster.jvmArgs.add("-Dcluster.lease=" + LEASE);
            cluster.jvmArgs.add("-Dcluster.threads=4"); // 7 + 4 connections a node: the CI database is shared
            startAll(cluster, "a", "b", "c");
            await().atMost(Duration.ofSeconds(180)).until(() -> cluster.distinctEvents() >= sources * resources);
            // the node up first may run the whole baseline on a busy machine; the polls after it spread over all three
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.leasesPerNode().size() == 3);
            Map<String, Integer> perNode = cluster.leasesPerNode();

            String victim = perNode.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
            cluster.nodes.get(victim).destroyForcibly().waitFor(); // SIGKILL
            long killedAt = cluster.dbMillis();
            cluster.changeEverySource();
            // one poll interval plus Quartz's check-in and recovery, with room for this busy machine
            await().atMost(Duration.ofSeconds(90)).until(() -> cluster.distinctEvents() >= sources * (resources + 1));
            cluster.assertEveryMirror();
            // the Sources the killed node polled last: each polled by a survivor within one interval (2 s) plus the
            // check-in (1 s), plus the lease of a poll it was running (LEASE), plus slack for this shared machine
            List<Long> moved = cluster.takeOverDelays(victim, killedAt);
            assertTrue(!moved.isEmpty() && moved.stream().allMatch(d -> d >= 0 && d <= 2000 + 1000 + LEASE + SLACK),
                    "ms from the kill to another node's poll of each of " + victim + "'s Sources: " + moved);
            assertEquals(List.of(), cluster.overlappingLeases(), "no Source leased by two nodes at once");
            System.out.printf("quartz cluster: polls per node %s, killed %s, its Sources moved after %s ms, after: %s%n",
                    perNode, victim, moved, cluster.eventsPerNode());
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
            await().atMost(Duration.ofSeconds(120)).until(() -> cluster.allEvents().size() >= 30);
            // the polls (40 x 150 ms) outlast the 2 s interval: Quartz does not fire a Source again while its poll runs
            // (the job disallows concurrent execution, cluster-wide), so no node even had a poll to skip
            assertEquals(0L, cluster.stats("a").getOrDefault("skipped", 0L) + cluster.stats("b").getOrDefault("skipped",
                    0L), "polls skipped: " + cluster.stats("a") + " / " + cluster.stats("b"));
            String paused = cluster.eventsPerNode().keySet().iterator().next();
            String other = paused.equals("a") ? "b" : "a";
            signal("STOP", cluster.nodes.get(paused));
            List<String> state;
            try {
                // the other node finishes every baseline while the paused node's leases expire
                await().atMost(Duration.ofSeconds(180)).until(() -> cluster.distinctEvents() >= sources * resources);
                // the node writes its statistics file on its own schedule: wait for the one that counts the take-over
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertTrue(
                        cluster.stats(other).getOrDefault("handOvers", 0L) > 0,
                        "the other node took a lease over: " + cluster.stats(other)));
                state = stableState(cluster);
            } finally {
                signal("CONT", cluster.nodes.get(paused));
            }
            // woken, the paused node's poll goes on delivering until a commit (or a renewal) finds the lease gone:
            // the commit is refused, the poll ends saying so and counts a lost lease
            await().atMost(Duration.ofSeconds(60)).until(() -> cluster.stats(paused).getOrDefault("lost", 0L) > 0);
            String log = Files.readString(cluster.log(paused));
            assertTrue(log.contains("no longer holds the lease") && log.contains("Nothing of it was written"),
                    "the paused node's commit is refused:\n" + QuartzCluster.tail(log));
            assertEquals(state, cluster.stateRows(), "the paused node wrote nothing into the state");
            cluster.changeEverySource();
            await().atMost(Duration.ofSeconds(90)).until(() -> cluster.distinctEvents() >= sources * (resources + 1));
            cluster.assertEveryMirror();
            assertEquals(List.of(), cluster.overlappingLeases(), "no Source leased by two nodes at once");
            System.out.printf("quartz cluster, paused %s: stats %s / %s%n", paused, cluster.stats(paused),
                    cluster.stats(other));
        }
    }

    /** The state tables once two reads a few polls apart agree (the other node's polls find nothing new). */
    private static List<String> stableState(QuartzCluster cluster) throws Exception {
        List<String>[] last = new List[] { cluster.stateRows() };
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(5)).until(() -> {
            List<String> now = cluster.stateRows();
            boolean same = now.equals(last[0]);
            last[0] = now;
            return same;
        });
        return last[0];
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
