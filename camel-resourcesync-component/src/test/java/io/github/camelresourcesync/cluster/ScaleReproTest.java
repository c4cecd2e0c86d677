package io.github.camelresourcesync.cluster;

import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScaleReproTest {
    @TempDir
    Path tmp;

    @Test
    void scale() throws Exception {
        int n = 150;
        try (QuartzCluster cluster = new QuartzCluster(tmp, n, 2, "0/10+*+*+*+*+?", 0, "")) {
            cluster.jvmArgs.add("-Dcluster.checkin=7500");
            for (String id : new String[] { "a", "b", "c" }) cluster.start(id);
            for (String id : new String[] { "a", "b", "c" }) cluster.awaitStarted(id);
            await().atMost(Duration.ofSeconds(300)).until(() -> cluster.distinctEvents() >= n * 2);
            Map<String, Integer> perNode = cluster.eventsPerNode();
            System.out.println("REPRO baseline " + perNode);
            cluster.nodes.get("a").destroyForcibly().waitFor();
            long t0 = System.nanoTime();
            for (int s = 0; s < n; s++) cluster.sources.get(s).change("/res/r0.txt", "changed " + s);
            for (int i = 0; i < 24; i++) {
                Thread.sleep(5000);
                System.out.println("REPRO t=" + (System.nanoTime() - t0) / 1_000_000_000 + "s distinct " + cluster.distinctEvents() + " per node " + cluster.eventsPerNode());
                if (cluster.distinctEvents() >= n * 3) break;
            }
        }
    }
}
