package io.github.camelresourcesync.component.mirror;

import java.util.Map;

import org.apache.camel.Endpoint;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.DefaultComponent;
import org.apache.camel.util.ObjectHelper;

/** The {@code resourcesync-mirror:} component: applies sync events to a directory. */
@Component("resourcesync-mirror")
public class MirrorComponent extends DefaultComponent {

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (ObjectHelper.isEmpty(remaining)) {
            throw new IllegalArgumentException("resourcesync-mirror: needs a directory, e.g. resourcesync-mirror:mirror");
        }
        MirrorEndpoint endpoint = new MirrorEndpoint(uri, this, remaining);
        setProperties(endpoint, parameters);
        return endpoint;
    }
}
