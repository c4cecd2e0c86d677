package io.github.camelresourcesync.atompmh;

import io.github.camelresourcesync.DeliveryConfiguration;
import io.github.camelresourcesync.SyncEventPollingConsumer;
import io.github.camelresourcesync.bridge.atompmh.AtomHarvester;
import io.github.camelresourcesync.bridge.atompmh.AtomPmhOptions;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Processor;

/**
 * Polls an Atom-PMH feed and emits one exchange per created, updated or deleted record, oldest first. A record's state
 * and the feed's stop point are committed only after its exchange completed. Representations are fetched ahead on the
 * component's fetch pool, {@code fetchParallelism} at a time, and long harvests log progress every
 * {@code progressInterval}.
 */
public class AtomPmhConsumer extends SyncEventPollingConsumer {

    private AtomHarvester harvester;

    public AtomPmhConsumer(AtomPmhEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    public AtomPmhEndpoint getEndpoint() {
        return (AtomPmhEndpoint) super.getEndpoint();
    }

    @Override
    protected void prepare(SyncStateStore store, HttpFetcher fetcher) {
        AtomPmhEndpoint ep = getEndpoint();
        DeliveryConfiguration delivery = ep.getDeliveryConfiguration();
        AtomPmhOptions options = ep.harvestOptions().fetchParallelism(delivery.getFetchParallelism())
                .fetchWaitLimit(ep.fetcherConfig().longestFetch());
        String name = ep.describe();
        harvester = new AtomHarvester(ep.feedUri(), options, fetcher, store, fetchPool(),
                () -> new SyncProgress(name, delivery.getProgressInterval()));
    }

    @Override
    protected EventRun openRun(int maxEvents) throws Exception {
        return harvester.startRun(maxEvents);
    }
}
