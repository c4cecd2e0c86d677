package io.github.camelresourcesync.component.atompmh;

import io.github.camelresourcesync.component.support.HttpSyncEventComponent;
import io.github.camelresourcesync.component.support.SyncEventEndpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.annotations.Component;

/** The {@code resourcesync-atompmh:} component: harvests Atom-PMH (and RFC 5005 archived) feeds as sync events. */
@Component("resourcesync-atompmh")
public class AtomPmhComponent extends HttpSyncEventComponent {

    /** File name of the embedded state store inside a state directory. */
    static final String STATE_FILE = "atompmh-state.mv.db";

    @Metadata(description = "The feed options every endpoint of this component starts from.")
    private AtomPmhConfiguration configuration = new AtomPmhConfiguration();

    public AtomPmhComponent() {
        super(STATE_FILE, "Atom-PMH");
    }

    @Override
    protected SyncEventEndpoint newEndpoint(String uri, String remaining) {
        AtomPmhEndpoint endpoint = withConfigurations(new AtomPmhEndpoint(uri, this, remaining));
        endpoint.setConfiguration(configuration.copy());
        return endpoint;
    }

    @Override
    protected String usage() {
        return "the feed URL, e.g. resourcesync-atompmh:https://example.org/feed.atom";
    }

    public AtomPmhConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(AtomPmhConfiguration configuration) {
        this.configuration = configuration;
    }
}
