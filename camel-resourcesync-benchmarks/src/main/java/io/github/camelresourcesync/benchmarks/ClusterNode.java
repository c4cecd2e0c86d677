package io.github.camelresourcesync.benchmarks;

import io.github.camelresourcesync.testsupport.ClusteredQuartz;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.component.support.SyncStatistics;
import io.github.camelresourcesync.state.JdbcStateStore;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.quartz.QuartzComponent;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * One node JVM of {@link ClusterBenchmark}: a route per Source ({@code scheduler=quartz}, a cron staggered by Source
 * so the firings spread over the interval, a trigger id per Source), Quartz's clustered JobStoreTX and the JDBC
 * state store in one PostgreSQL, all with standard properties. Appends {@code node s<i> capability millis eventId}
 * per event ({@link ClusterDeliveries}) to its
 * events file and its lease counters to {@code events.stats} every second.
 *
 * <pre>
 * ClusterNode nodeId jdbcUrl sourcesFile mirrorRoot eventsFile intervalSeconds threads checkinMillis
 * </pre>
 */
public final class ClusterNode {

    private ClusterNode() {
    }

    public static void main(String[] args) throws Exception {
        String nodeId = args[0];
        String jdbcUrl = args[1];
        List<String> sources = Files.readAllLines(Path.of(args[2]));
        String mirrorRoot = args[3];
        Path events = Path.of(args[4]);
        int interval = Integer.parseInt(args[5]);
        int threads = Integer.parseInt(args[6]);
        String checkin = args[7];

        JdbcStateStore store = new JdbcStateStore(jdbcUrl);
        store.setNodeId(nodeId);
        store.setMaximumPoolSize(threads + 1); // a connection per running poll, one for the renewals

        CamelContext context = new DefaultCamelContext();
        context.getComponent("quartz", QuartzComponent.class)
                .setProperties(ClusteredQuartz.postgres(jdbcUrl, "", threads, Long.parseLong(checkin)));
        context.getComponent("resourcesync", ResourceSyncComponent.class).setStateStore(store);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                for (int i = 0; i < sources.size(); i++) {
                    String id = "s" + i;
                    // "7/30 * * * * ?": Source i fires at second i mod interval of every interval, not all at once
                    String cron = (i % interval) + "/" + interval + "+*+*+*+*+?";
                    from("resourcesync:" + sources.get(i) + "?scheduler=quartz&scheduler.cron=" + cron
                         + "&scheduler.triggerId=" + id)
                            .routeId(id)
                            .to("resourcesync-mirror:" + mirrorRoot + "/" + id)
                            // the capability and the time tell a baseline's delivery from a Change List's
                            .process(e -> append(events, nodeId + " " + id + " "
                                    + e.getIn().getHeader(ResourceSyncConstants.CAPABILITY, String.class) + " "
                                    + System.currentTimeMillis() + " "
                                    + e.getIn().getHeader(ResourceSyncConstants.EVENT_ID, String.class) + "\n"));
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
        while (true) { // until killed
            Thread.sleep(1000);
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
            Files.writeString(Path.of(events + ".stats"), "polls=" + polls + " skipped=" + skipped + " handOvers="
                                                          + handOvers + " lost=" + lost + "\n");
        }
    }

    private static synchronized void append(Path file, String line) throws IOException {
        Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
