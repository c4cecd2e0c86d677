package io.github.camelresourcesync.metashare;

import java.util.concurrent.ExecutorService;

import io.github.camelresourcesync.SyncEventPollingConsumer;
import io.github.camelresourcesync.bridge.metashare.MetashareClient;
import io.github.camelresourcesync.bridge.metashare.MetashareHarvester;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Processor;

/**
 * Polls a META-SHARE node: each poll logs in when needed, reads the inventory, and emits one exchange per record
 * created, updated or deleted since the last poll. A record's state is committed only after its exchange completed.
 */
public class MetashareConsumer extends SyncEventPollingConsumer {

    private MetashareClient client;
    private ExecutorService fetchPool;
    private MetashareHarvester harvester;

    public MetashareConsumer(MetashareEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    public MetashareEndpoint getEndpoint() {
        return (MetashareEndpoint) super.getEndpoint();
    }

    @Override
    protected void doStart() throws Exception {
        MetashareEndpoint ep = getEndpoint();
        SyncStateStore store = ep.startedStateStore();
        client = new MetashareClient(ep.nodeUri(), ep.getUsername(), ep.getPassword(), ep.fetcherConfig());
        fetchPool = ep.getCamelContext().getExecutorServiceManager().newFixedThreadPool(this, "MetashareFetch",
                Math.max(1, ep.getFetchParallelism()));
        String name = "resourcesync-metashare " + client.node();
        harvester = new MetashareHarvester(client, store, ep.getStateId(), fetchPool, ep.getFetchParallelism(),
                () -> new SyncProgress(name, ep.getProgressInterval()));
        super.doStart();
    }

    @Override
    protected void doStop() throws Exception {
        super.doStop();
        if (fetchPool != null) {
            getEndpoint().getCamelContext().getExecutorServiceManager().shutdownNow(fetchPool);
            fetchPool = null;
        }
        if (client != null) {
            client.close();
            client = null;
        }
    }

    @Override
    protected EventRun openRun(int maxEvents) throws Exception {
        return harvester.startRun(maxEvents);
    }

    @Override
    protected void onPollFailed(Exception e) {
        harvester.invalidate();
    }

    @Override
    protected boolean isBreakOnFirstError() {
        return getEndpoint().isBreakOnFirstError();
    }
}
