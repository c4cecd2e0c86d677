package io.github.camelresourcesync;

import java.util.Map;

import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Endpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.HealthCheckComponent;
import org.apache.camel.util.ObjectHelper;

/** The {@code resourcesync:} component: harvests ResourceSync Sources. */
@Component("resourcesync")
public class ResourceSyncComponent extends HealthCheckComponent {

    /** File name of the embedded state store inside {@link #getStateDirectory()}. */
    static final String STATE_FILE = "resourcesync-state.mv.db";

    @Metadata(label = "state", autowired = true,
              description = "The state store shared by this component's endpoints (resume points, per-resource"
                            + " fixity). Default: an embedded MVStore file in `stateDirectory`. Autowired when"
                            + " exactly one SyncStateStore bean is in the registry.")
    private SyncStateStore stateStore;
    @Metadata(label = "state", defaultValue = "${user.home}/.camel-resourcesync",
              description = "Directory of the embedded state store file (" + STATE_FILE + "). Used when no"
                            + " `stateStore` is set; one process at a time may use it.")
    private String stateDirectory;

    private final EmbeddedStateStores embedded = new EmbeddedStateStores(STATE_FILE, "ResourceSync");

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (ObjectHelper.isEmpty(remaining)) {
            throw new IllegalArgumentException("resourcesync: needs the Source URL, e.g."
                                               + " resourcesync:https://example.org/.well-known/resourcesync");
        }
        ResourceSyncEndpoint endpoint = new ResourceSyncEndpoint(uri, this, remaining);
        setProperties(endpoint, parameters);
        return endpoint;
    }

    /** The store an endpoint uses when it has none of its own; opens the embedded default on first use. */
    public SyncStateStore defaultStateStore() throws Exception {
        return stateStore != null ? stateStore : embedded.open(stateDirectory);
    }

    @Override
    protected void doStop() throws Exception {
        embedded.closeAll();
        super.doStop();
    }

    public SyncStateStore getStateStore() {
        return stateStore;
    }

    public void setStateStore(SyncStateStore stateStore) {
        this.stateStore = stateStore;
    }

    public String getStateDirectory() {
        return stateDirectory;
    }

    public void setStateDirectory(String stateDirectory) {
        this.stateDirectory = stateDirectory;
    }
}
