package io.github.camelresourcesync.atompmh;

import java.util.Map;

import io.github.camelresourcesync.EmbeddedStateStores;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Endpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.HealthCheckComponent;
import org.apache.camel.util.ObjectHelper;

/** The {@code resourcesync-atompmh:} component: harvests Atom-PMH (and RFC 5005 archived) feeds as sync events. */
@Component("resourcesync-atompmh")
public class AtomPmhComponent extends HealthCheckComponent {

    /** File name of the embedded state store inside a state directory. */
    static final String STATE_FILE = "atompmh-state.mv.db";

    @Metadata(label = "state", autowired = true,
              description = "The state store shared by this component's endpoints (stop points, records delivered)."
                            + " Default: an embedded MVStore file in `stateDirectory`. Autowired when exactly one"
                            + " SyncStateStore bean is in the registry.")
    private SyncStateStore stateStore;
    @Metadata(label = "state", defaultValue = "${user.home}/.camel-resourcesync",
              description = "Directory of the embedded state store file (" + STATE_FILE + "), used when no"
                            + " `stateStore` is set; one process at a time may use it.")
    private String stateDirectory;

    /** Embedded stores this component opened, by directory: endpoints naming the same directory share one. */
    private final EmbeddedStateStores embedded = new EmbeddedStateStores(STATE_FILE, "Atom-PMH");

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (ObjectHelper.isEmpty(remaining)) {
            throw new IllegalArgumentException("resourcesync-atompmh: needs the feed URL, e.g."
                                               + " resourcesync-atompmh:https://example.org/feed.atom");
        }
        AtomPmhEndpoint endpoint = new AtomPmhEndpoint(uri, this, remaining);
        Object cron = parameters.remove("cron");
        if (cron != null && !cron.toString().isBlank()) {
            // a cron expression is Quartz's job: exactly scheduler=quartz&scheduler.cron=...
            parameters.put("scheduler", "quartz");
            parameters.put("scheduler.cron", cron.toString());
            endpoint.setCron(cron.toString());
        }
        setProperties(endpoint, parameters);
        return endpoint;
    }

    /** The store of an endpoint without its own: the component's, else the embedded one in {@code directory}. */
    SyncStateStore stateStore(String directory) throws Exception {
        if (directory == null && stateStore != null) {
            return stateStore;
        }
        return embedded.open(directory != null ? directory : stateDirectory);
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
