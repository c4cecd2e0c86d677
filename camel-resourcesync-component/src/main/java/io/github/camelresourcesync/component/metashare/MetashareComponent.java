package io.github.camelresourcesync.component.metashare;

import io.github.camelresourcesync.component.support.ConnectionConfiguration;
import io.github.camelresourcesync.component.support.EventDeliveryConfiguration;
import io.github.camelresourcesync.component.support.FetchLimitsConfiguration;
import io.github.camelresourcesync.component.support.SyncEventComponent;
import io.github.camelresourcesync.component.support.SyncEventEndpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.annotations.Component;

/** The {@code resourcesync-metashare:} component: harvests META-SHARE nodes as sync events. */
@Component("resourcesync-metashare")
public class MetashareComponent extends SyncEventComponent {

    /** File name of the embedded state store in a state directory. */
    static final String STATE_FILE = "metashare-state.mv.db";

    @Metadata(description = HTTP_CONFIGURATION)
    private ConnectionConfiguration httpConfiguration = new ConnectionConfiguration();
    @Metadata(description = FETCH_CONFIGURATION)
    private FetchLimitsConfiguration fetchConfiguration = new FetchLimitsConfiguration();
    @Metadata(description = DELIVERY_CONFIGURATION)
    private EventDeliveryConfiguration deliveryConfiguration = new EventDeliveryConfiguration();

    public MetashareComponent() {
        super(STATE_FILE, "META-SHARE");
    }

    @Override
    protected SyncEventEndpoint newEndpoint(String uri, String remaining) {
        MetashareEndpoint endpoint = new MetashareEndpoint(uri, this, remaining);
        endpoint.setHttpConfiguration(httpConfiguration.copy());
        endpoint.setFetchConfiguration(fetchConfiguration.copy());
        endpoint.setDeliveryConfiguration(deliveryConfiguration.copy());
        return endpoint;
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

    public ConnectionConfiguration getHttpConfiguration() {
        return httpConfiguration;
    }

    public void setHttpConfiguration(ConnectionConfiguration httpConfiguration) {
        this.httpConfiguration = httpConfiguration;
    }

    public FetchLimitsConfiguration getFetchConfiguration() {
        return fetchConfiguration;
    }

    public void setFetchConfiguration(FetchLimitsConfiguration fetchConfiguration) {
        this.fetchConfiguration = fetchConfiguration;
    }

    public EventDeliveryConfiguration getDeliveryConfiguration() {
        return deliveryConfiguration;
    }

    public void setDeliveryConfiguration(EventDeliveryConfiguration deliveryConfiguration) {
        this.deliveryConfiguration = deliveryConfiguration;
    }
}
