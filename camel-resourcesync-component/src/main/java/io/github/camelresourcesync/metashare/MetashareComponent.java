package io.github.camelresourcesync.metashare;

import java.util.Map;

import org.apache.camel.Endpoint;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.HealthCheckComponent;
import org.apache.camel.util.ObjectHelper;

/** The {@code resourcesync-metashare:} component: harvests META-SHARE nodes as sync events. */
@Component("resourcesync-metashare")
public class MetashareComponent extends HealthCheckComponent {

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (ObjectHelper.isEmpty(remaining)) {
            throw new IllegalArgumentException("resourcesync-metashare: needs the node's base URL, e.g."
                                               + " resourcesync-metashare:https://metashare.example.org");
        }
        MetashareEndpoint endpoint = new MetashareEndpoint(uri, this, remaining);
        setProperties(endpoint, parameters);
        return endpoint;
    }
}
