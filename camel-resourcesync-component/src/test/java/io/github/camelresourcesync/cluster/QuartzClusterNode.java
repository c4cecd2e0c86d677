package io.github.camelresourcesync.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.component.support.SyncStatistics;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.EventFiles;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.quartz.QuartzComponent;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * One node of {@link QuartzClusterTest}, its own JVM so the test can SIGKILL, SIGSTOP and SIGCONT it: the same routes
 * as every other node (one per Source, {@code scheduler=quartz} with a cron and a trigger id per Source), Quartz's
 * clustered JobStoreTX and the JDBC state store in one PostgreSQL, configured with nothing but standard properties.
 * Each route mirrors into {@code mirrorRoot/s<i>} and appends {@code <node> s<i> <event id>} to the node's events file.
 *
 * <pre>
 * QuartzClusterNode nodeId jdbcUrl prefix sourcesFile mirrorRoot eventsFile cron routeDelayMillis [extra URI options]
 * </pre>
 */
public final class QuartzClusterNode {

    private QuartzClusterNode() {
    }

    public static void main(String[] args) throws Exception {
        String nodeId = args[0];
        String jdbcUrl = args[1];
        String prefix = args[2];
        List<String> sources = Files.readAllLines(Path.of(args[3]));
        String mirrorRoot = args[4];
        Path events = Path.of(args[5]);
        String cron = args[6];
        long delay = Long.parseLong(args[7]);
        String extra = args.length > 8 ? args[8] : "";

        JdbcStateStore store = new JdbcStateStore(jdbcUrl);
        store.setTablePrefix(prefix);
        store.setNodeId(nodeId);
        store.setLeaseDuration(Long.getLong("cluster.lease", JdbcStateStore.DEFAULT_LEASE_DURATION));

        CamelContext context = new DefaultCamelContext();
        QuartzComponent quartz = context.getComponent("quartz", QuartzComponent.class);
        quartz.setProperties(io.github.camelresourcesync.testsupport.ClusteredQuartz.postgres(jdbcUrl, prefix, Integer.getInteger("cluster.threads", 10),
                Long.getLong("cluster.checkin", 1000)));
        context.getComponent("resourcesync", ResourceSyncComponent.class).setStateStore(store);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                for (int i = 0; i < sources.size(); i++) {
                    String id = "s" + i;
                    from("resourcesync:" + sources.get(i) + "?scheduler=quartz&scheduler.cron=" + cron
                         + "&scheduler.triggerId=" + id + (Boolean.getBoolean("cluster.triggerPerNode") ? "-" + nodeId : "")
                         + extra)
                            .routeId(id)
                            .delay(delay)
                            .to("resourcesync-mirror:" + mirrorRoot + "/" + id)
                            .process(e -> EventFiles.append(events, nodeId + " " + id + " "
                                    + e.getIn().getHeader(ResourceSyncConstants.EVENT_ID, String.class)));
                }
            }
        });
        try {
            context.start();
        } catch (Exception e) {
            System.out.println("node " + nodeId + " failed to start: " + e);
            e.printStackTrace(System.out);
            System.exit(3);
        }
        System.out.println("node " + nodeId + " started");
        while (true) { // until killed: this node's lease statistics, as the meters and the dev console show them
            Thread.sleep(500);
            long polls = 0;
            long skipped = 0;
            long handOvers = 0;
            long lost = 0;
            for (Route route : context.getRoutes()) {
                SyncStatistics s = ((SyncEventPollingConsumer) route.getConsumer()).getStatistics();
                polls += s.polls();
                skipped += s.skippedPolls();
                handOvers += s.leaseHandOvers();
                lost += s.leasesLost();
            }
            Files.writeString(Path.of(args[5] + ".stats"), "polls=" + polls + " skipped=" + skipped + " handOvers="
                                                            + handOvers + " lost=" + lost + "\n");
        }
    }
}
