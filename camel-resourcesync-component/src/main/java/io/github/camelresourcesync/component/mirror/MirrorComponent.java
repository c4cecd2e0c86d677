package io.github.camelresourcesync.component.mirror;

import java.util.Map;

import io.github.camelresourcesync.component.support.EndpointOptions;
import org.apache.camel.Endpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.DefaultComponent;
import org.apache.camel.util.ObjectHelper;

/**
 * The {@code resourcesync-mirror:} component: applies sync events to a directory. Its configuration is copied into each
 * endpoint, so {@code camel.component.resourcesync-mirror.*} sets the defaults of all mirrors.
 */
@Component("resourcesync-mirror")
public class MirrorComponent extends DefaultComponent {

    @Metadata(description = "The mirror options every endpoint of this component starts from.")
    private MirrorConfiguration configuration = new MirrorConfiguration();

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (ObjectHelper.isEmpty(remaining)) {
            throw new IllegalArgumentException("resourcesync-mirror: needs a directory, e.g. resourcesync-mirror:mirror");
        }
        MirrorEndpoint endpoint = new MirrorEndpoint(uri, this, remaining);
        endpoint.setConfiguration(configuration.copy());
        EndpointOptions.dropEmpty(parameters);
        setProperties(endpoint, parameters);
        return endpoint;
    }

    public MirrorConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(MirrorConfiguration configuration) {
        this.configuration = configuration;
    }
}
