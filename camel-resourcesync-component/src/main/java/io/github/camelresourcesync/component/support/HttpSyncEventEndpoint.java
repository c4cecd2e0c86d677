package io.github.camelresourcesync.component.support;

import org.apache.camel.spi.UriParam;

/**
 * The endpoints of {@link HttpSyncEventComponent}: every option of the whole HTTP fetch policy is theirs
 * ({@link HttpConfiguration}, {@link FetchConfiguration}, {@link DeliveryConfiguration}).
 */
public abstract class HttpSyncEventEndpoint extends SyncEventEndpoint {

    @UriParam
    private HttpConfiguration httpConfiguration = new HttpConfiguration();
    @UriParam
    private FetchConfiguration fetchConfiguration = new FetchConfiguration();
    @UriParam
    private DeliveryConfiguration deliveryConfiguration = new DeliveryConfiguration();

    protected HttpSyncEventEndpoint() {
    }

    protected HttpSyncEventEndpoint(String uri, HttpSyncEventComponent component) {
        super(uri, component);
    }

    @Override
    public HttpConfiguration getHttpConfiguration() {
        return httpConfiguration;
    }

    public void setHttpConfiguration(HttpConfiguration httpConfiguration) {
        this.httpConfiguration = httpConfiguration;
    }

    @Override
    public FetchConfiguration getFetchConfiguration() {
        return fetchConfiguration;
    }

    public void setFetchConfiguration(FetchConfiguration fetchConfiguration) {
        this.fetchConfiguration = fetchConfiguration;
    }

    @Override
    public DeliveryConfiguration getDeliveryConfiguration() {
        return deliveryConfiguration;
    }

    public void setDeliveryConfiguration(DeliveryConfiguration deliveryConfiguration) {
        this.deliveryConfiguration = deliveryConfiguration;
    }
}
