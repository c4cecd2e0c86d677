package io.github.camelresourcesync;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.EventFiles;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.file.cluster.FileLockClusterService;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * One node of the HA pair of {@link FailoverTest}, run as its own JVM so the test can SIGKILL it: the route sits behind
 * {@code master:} with the file-lock cluster service on a shared directory, keeps its state in the shared database,
 * mirrors into the shared directory, and appends the id of every event it completed to its own file (the "downstream"
 * the test inspects for losses and duplicates).
 *
 * <pre>
 * FailoverNode nodeId sourceUrl jdbcUrl tablePrefix clusterDir mirrorDir eventsFile
 * </pre>
 */
public final class FailoverNode {

    private FailoverNode() {
    }

    public static void main(String[] args) throws Exception {
        String nodeId = args[0];
        String sourceUrl = args[1];
        Path events = Path.of(args[6]);

        JdbcStateStore store = new JdbcStateStore(args[2]);
        store.setTablePrefix(args[3]);

        FileLockClusterService cluster = new FileLockClusterService();
        cluster.setId(nodeId);
        cluster.setRoot(args[4]);
        // fast leases so the test takes seconds; production keeps the defaults (see docs/ha.md)
        cluster.setAcquireLockDelay(100, TimeUnit.MILLISECONDS);
        cluster.setAcquireLockInterval(200, TimeUnit.MILLISECONDS);

        CamelContext context = new DefaultCamelContext();
        context.addService(cluster);
        context.getComponent("resourcesync", ResourceSyncComponent.class).setStateStore(store);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("master:resourcesync-ha:resourcesync:" + sourceUrl
                     + "?delay=100&initialDelay=0&maxMessagesPerPoll=5&greedy=true&fetchContent=true&emitDeletes=true")
                        .routeId("ha-mirror")
                        .delay(20) // a slow downstream, so the kill lands mid-sync
                        .to("resourcesync-mirror:" + args[5])
                        .process(e -> EventFiles.append(events, e.getIn().getHeader(ResourceSyncConstants.EVENT_ID, String.class)));
            }
        });
        context.start();
        System.out.println("node " + nodeId + " started");
        new CountDownLatch(1).await(); // until killed
    }
}
