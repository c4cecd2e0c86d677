package io.github.camelresourcesync.component.publish;

import io.github.camelresourcesync.component.support.HttpConfiguration;
import java.util.Map;

import io.github.camelresourcesync.component.support.EndpointOptions;
import org.apache.camel.Endpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.DefaultComponent;
import org.apache.camel.util.ObjectHelper;

/**
 * The {@code resourcesync-publish:} component: publishes sync events as a ResourceSync Source. Its configurations are
 * copied into each endpoint, so {@code camel.component.resourcesync-publish.*} sets the defaults of all publishers.
 */
@Component("resourcesync-publish")
public class PublishComponent extends DefaultComponent {

    @Metadata(description = "The publishing options every endpoint of this component starts from.")
    private PublishConfiguration configuration = new PublishConfiguration();
    @Metadata(description = """
                  The HTTP and security options of hub requests every endpoint of this component starts from.""")
    private HttpConfiguration httpConfiguration = new HttpConfiguration();

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (ObjectHelper.isEmpty(remaining)) {
            throw new IllegalArgumentException("resourcesync-publish: needs the directory to publish into, e.g."
                                               + " resourcesync-publish:/var/www/rs?baseUrl=https://example.org/rs/");
        }
        PublishEndpoint endpoint = new PublishEndpoint(uri, this, remaining);
        endpoint.setConfiguration(configuration.copy());
        endpoint.setHttpConfiguration(httpConfiguration.copy());
        EndpointOptions.dropEmpty(parameters);
        setProperties(endpoint, parameters);
        return endpoint;
    }

    public PublishConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(PublishConfiguration configuration) {
        this.configuration = configuration;
    }

    public HttpConfiguration getHttpConfiguration() {
        return httpConfiguration;
    }

    public void setHttpConfiguration(HttpConfiguration httpConfiguration) {
        this.httpConfiguration = httpConfiguration;
    }
}
