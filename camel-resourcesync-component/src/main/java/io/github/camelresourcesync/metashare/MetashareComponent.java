package io.github.camelresourcesync.metashare;

import java.util.Map;

import io.github.camelresourcesync.EmbeddedStateStores;
import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Endpoint;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.HealthCheckComponent;
import org.apache.camel.util.ObjectHelper;

/** The {@code resourcesync-metashare:} component: harvests META-SHARE nodes as sync events. */
@Component("resourcesync-metashare")
public class MetashareComponent extends HealthCheckComponent {

    /** File name of an endpoint's embedded state store in its {@code stateDirectory}. */
    static final String STATE_FILE = "metashare-state.mv.db";

    /** Embedded stores of endpoints with a `stateDirectory`: endpoints naming the same directory share one. */
    private final EmbeddedStateStores embedded = new EmbeddedStateStores(STATE_FILE, "META-SHARE");

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (ObjectHelper.isEmpty(remaining)) {
            throw new IllegalArgumentException("resourcesync-metashare: needs the node's base URL, e.g."
                                               + " resourcesync-metashare:https://metashare.example.org");
        }
        MetashareEndpoint endpoint = new MetashareEndpoint(uri, this, remaining);
        setProperties(endpoint, parameters);
        return endpoint;
    }

    /**
     * The store of an endpoint without its own: the embedded one in its {@code stateDirectory}, else the
     * {@code resourcesync} component's store (one place for all state, as the docs promise).
     */
    SyncStateStore stateStore(String directory) throws Exception {
        if (directory != null && !directory.isBlank()) {
            return embedded.open(directory);
        }
        return getCamelContext().getComponent("resourcesync", ResourceSyncComponent.class).defaultStateStore();
    }

    @Override
    protected void doStop() throws Exception {
        embedded.closeAll();
        super.doStop();
    }
}
