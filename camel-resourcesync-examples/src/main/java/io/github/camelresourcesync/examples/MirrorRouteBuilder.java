package io.github.camelresourcesync.examples;

import io.github.camelresourcesync.ResourceSyncConstants;
import org.apache.camel.builder.RouteBuilder;

/**
 * The Java DSL twin of {@code camel/mirror.yaml}: keeps a directory equal to a ResourceSync Source. Active only with
 * {@code examples.java-route=true}, which in turn switches the YAML route off (both carry a route precondition), so
 * exactly one of them mirrors.
 */
public class MirrorRouteBuilder extends RouteBuilder {

    @Override
    public void configure() {
        from("resourcesync:{{sync.source-url}}"
             + "?delay={{sync.delay}}"
             + "&fetchContent=true"
             + "&emitDeletes=true"
             + "&progressInterval={{sync.progress-interval}}")
                .routeId("mirror-java")
                .precondition("{{examples.java-route}}")
                .to("resourcesync-mirror:{{sync.mirror-dir}}")
                .log("${header." + ResourceSyncConstants.CHANGE + "} ${header." + ResourceSyncConstants.FILE_NAME + "}");
    }
}
