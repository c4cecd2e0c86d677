package io.github.camelresourcesync.component.metashare;

import io.github.camelresourcesync.component.support.SyncEventComponent;
import io.github.camelresourcesync.component.support.SyncEventEndpoint;
import org.apache.camel.spi.annotations.Component;

/** The {@code resourcesync-metashare:} component: harvests META-SHARE nodes as sync events. */
@Component("resourcesync-metashare")
public class MetashareComponent extends SyncEventComponent {

    /** File name of the embedded state store in a state directory. */
    static final String STATE_FILE = "metashare-state.mv.db";

    public MetashareComponent() {
        super(STATE_FILE, "META-SHARE");
    }

    @Override
    protected SyncEventEndpoint newEndpoint(String uri, String remaining) {
        return new MetashareEndpoint(uri, this, remaining);
    }

    @Override
    protected boolean urlTakesQuery() {
        // a node's base URL has no query (the client appends /login/, /sync/...): what is not an option is a mistake
        return false;
    }

    @Override
    protected String usage() {
        return "the node's base URL, e.g. resourcesync-metashare:https://metashare.example.org";
    }
}
