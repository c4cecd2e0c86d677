package io.github.camelresourcesync.component.atompmh;

import io.github.camelresourcesync.bridge.atompmh.AtomHarvester;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Processor;

/**
 * Polls an Atom-PMH feed and emits one exchange per created, updated or deleted record, oldest first. A record's state
 * and the feed's stop point are committed only after its exchange completed; representations are fetched ahead.
 */
public class AtomPmhConsumer extends SyncEventPollingConsumer {

    public AtomPmhConsumer(AtomPmhEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected AtomHarvester prepare(SyncStateStore store, HttpFetcher fetcher) {
        AtomPmhEndpoint ep = (AtomPmhEndpoint) getEndpoint();
        return new AtomHarvester(ep.feedUri(), ep.harvestOptions(), fetcher, store, fetching(), progress());
    }
}
