package io.github.camelresourcesync.testsupport;

import java.nio.file.Path;

import io.github.camelresourcesync.ResourceSyncComponent;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;

/** CamelContexts as the route tests need them. */
public final class TestContexts {

    private TestContexts() {
    }

    /** A new context whose {@code resourcesync} component keeps its embedded state in {@code stateDirectory}. */
    public static CamelContext withStateIn(Path stateDirectory) {
        CamelContext context = new DefaultCamelContext();
        context.getComponent("resourcesync", ResourceSyncComponent.class).setStateDirectory(stateDirectory.toString());
        return context;
    }
}
