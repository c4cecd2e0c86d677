package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventComponent;
import io.github.camelresourcesync.component.support.SyncEventEndpoint;
import org.apache.camel.spi.annotations.Component;

/** The {@code resourcesync:} component: harvests ResourceSync Sources. */
@Component("resourcesync")
public class ResourceSyncComponent extends SyncEventComponent {

    /** File name of the embedded state store inside the state directory. */
    static final String STATE_FILE = "resourcesync-state.mv.db";

    public ResourceSyncComponent() {
        super(STATE_FILE, "ResourceSync");
    }

    @Override
    protected SyncEventEndpoint newEndpoint(String uri, String remaining) {
        if (remaining.equals("publish") || remaining.startsWith("publish?")) {
            // before its options are set: directory and baseUrl would fail as unknown options of a harvester
            throw new IllegalArgumentException("resourcesync:publish is no more: the publisher moved to"
                                               + " resourcesync-publish:<directory>, e.g. resourcesync-publish:"
                                               + "/var/www/rs?baseUrl=https://example.org/rs/ (see"
                                               + " docs/migration.md)");
        }
        return new ResourceSyncEndpoint(uri, this, remaining);
    }

    @Override
    protected String usage() {
        return "the Source URL, e.g. resourcesync:https://example.org/.well-known/resourcesync";
    }
}
