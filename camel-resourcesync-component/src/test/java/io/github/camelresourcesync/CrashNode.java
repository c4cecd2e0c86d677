package io.github.camelresourcesync;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import io.github.camelresourcesync.testsupport.EventFiles;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * The harvester of {@link ResourceSyncCrashTest}, run as its own JVM so the test can SIGKILL it: a plain
 * {@code resourcesync:} route with the default embedded state store (an MVStore file in the state directory), mirroring
 * into a directory and appending the id of every event it completed to a file (the "downstream" the test inspects).
 *
 * <pre>
 * CrashNode sourceUrl stateDir mirrorDir eventsFile
 * </pre>
 */
public final class CrashNode {

    private CrashNode() {
    }

    public static void main(String[] args) throws Exception {
        String sourceUrl = args[0];
        Path events = Path.of(args[3]);
        CamelContext context = new DefaultCamelContext();
        context.getComponent("resourcesync", ResourceSyncComponent.class).setStateDirectory(args[1]);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + sourceUrl
                     + "?delay=100&initialDelay=0&maxMessagesPerPoll=5&greedy=true&fetchContent=true&emitDeletes=true")
                        .routeId("crash-mirror")
                        .delay(20) // a slow downstream, so the kill lands mid-sync
                        .to("resourcesync-mirror:" + args[2])
                        .process(e -> EventFiles.append(events, e.getIn().getHeader(ResourceSyncConstants.EVENT_ID, String.class)));
            }
        });
        context.start();
        System.out.println("crash node started");
        new CountDownLatch(1).await(); // until killed
    }
}
