package io.github.camelresourcesync.examples;

import org.apache.camel.CamelContext;
import org.apache.camel.cluster.CamelClusterService;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.MainListenerSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes a cluster service declared as a bean ({@code camel.beans.cluster = #class:...FileLockClusterService}, or the
 * Kubernetes, ZooKeeper or Consul one) the context's cluster service, so {@code master:} routes find it: Camel Main
 * binds beans to the registry, but {@code master:} looks only at the context's services (docs/ha.md).
 */
final class ClusterServiceBinder extends MainListenerSupport {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterServiceBinder.class);

    @Override
    public void afterConfigure(BaseMainSupport main) {
        CamelContext context = main.getCamelContext();
        for (CamelClusterService service : context.getRegistry().findByType(CamelClusterService.class)) {
            if (!context.hasService(service)) {
                try {
                    context.addService(service);
                } catch (Exception e) {
                    throw new IllegalStateException("Cannot add cluster service " + service.getId(), e);
                }
                LOG.info("Leader election for master: routes by {}", service.getClass().getSimpleName());
            }
        }
    }
}
