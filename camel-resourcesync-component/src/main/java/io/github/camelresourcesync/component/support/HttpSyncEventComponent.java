package io.github.camelresourcesync.component.support;

import org.apache.camel.spi.Metadata;

/**
 * The base of the harvesting components whose endpoints fetch by the whole HTTP fetch policy (any host the Source
 * links to within {@code allowedHosts}, redirects, retries, bodies spooled, bearer tokens): {@code resourcesync} and
 * {@code resourcesync-atompmh}. {@code resourcesync-metashare}, which speaks to one node by its own protocol, declares
 * narrower configurations instead.
 */
public abstract class HttpSyncEventComponent extends SyncEventComponent {

    @Metadata(description = HTTP_CONFIGURATION)
    private HttpConfiguration httpConfiguration = new HttpConfiguration();
    @Metadata(description = FETCH_CONFIGURATION)
    private FetchConfiguration fetchConfiguration = new FetchConfiguration();
    @Metadata(description = DELIVERY_CONFIGURATION)
    private DeliveryConfiguration deliveryConfiguration = new DeliveryConfiguration();

    protected HttpSyncEventComponent(String stateFile, String what) {
        super(stateFile, what);
    }

    /** The endpoint, given copies of this component's connection, fetch and delivery configurations. */
    protected <E extends HttpSyncEventEndpoint> E withConfigurations(E endpoint) {
        endpoint.setHttpConfiguration(httpConfiguration.copy());
        endpoint.setFetchConfiguration(fetchConfiguration.copy());
        endpoint.setDeliveryConfiguration(deliveryConfiguration.copy());
        return endpoint;
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
