package io.github.camelresourcesync.component.atompmh;

import io.github.camelresourcesync.component.support.DeliveryConfiguration;
import io.github.camelresourcesync.component.support.FetchConfiguration;
import io.github.camelresourcesync.component.support.HttpConfiguration;
import io.github.camelresourcesync.component.support.SyncEventComponent;
import io.github.camelresourcesync.component.support.SyncEventEndpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.annotations.Component;

/** The {@code resourcesync-atompmh:} component: harvests Atom-PMH (and RFC 5005 archived) feeds as sync events. */
@Component("resourcesync-atompmh")
public class AtomPmhComponent extends SyncEventComponent {

    /** File name of the embedded state store inside a state directory. */
    static final String STATE_FILE = "atompmh-state.mv.db";

    @Metadata(description = HTTP_CONFIGURATION)
    private HttpConfiguration httpConfiguration = new HttpConfiguration();
    @Metadata(description = FETCH_CONFIGURATION)
    private FetchConfiguration fetchConfiguration = new FetchConfiguration();
    @Metadata(description = DELIVERY_CONFIGURATION)
    private DeliveryConfiguration deliveryConfiguration = new DeliveryConfiguration();
    @Metadata(description = "The feed options every endpoint of this component starts from.")
    private AtomPmhConfiguration configuration = new AtomPmhConfiguration();

    public AtomPmhComponent() {
        super(STATE_FILE, "Atom-PMH");
    }

    @Override
    protected SyncEventEndpoint newEndpoint(String uri, String remaining) {
        AtomPmhEndpoint endpoint = new AtomPmhEndpoint(uri, this, remaining);
        endpoint.setHttpConfiguration(httpConfiguration.copy());
        endpoint.setFetchConfiguration(fetchConfiguration.copy());
        endpoint.setDeliveryConfiguration(deliveryConfiguration.copy());
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

    public HttpConfiguration getHttpConfiguration() {
        return httpConfiguration;
    }

    public void setHttpConfiguration(HttpConfiguration httpConfiguration) {
        this.httpConfiguration = httpConfiguration;
    }

    public FetchConfiguration getFetchConfiguration() {
        return fetchConfiguration;
    }

    public void setFetchConfiguration(FetchConfiguration fetchConfiguration) {
        this.fetchConfiguration = fetchConfiguration;
    }

    public DeliveryConfiguration getDeliveryConfiguration() {
        return deliveryConfiguration;
    }

    public void setDeliveryConfiguration(DeliveryConfiguration deliveryConfiguration) {
        this.deliveryConfiguration = deliveryConfiguration;
    }
}
