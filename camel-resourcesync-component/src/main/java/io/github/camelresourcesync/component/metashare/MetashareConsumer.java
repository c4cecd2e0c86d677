package io.github.camelresourcesync.component.metashare;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.bridge.metashare.MetashareClient;
import io.github.camelresourcesync.bridge.metashare.MetashareHarvester;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.Processor;

/**
 * Polls a META-SHARE node: each poll logs in when needed, reads the inventory, and emits one exchange per record
 * created, updated or deleted since the last poll. A record's state is committed only after its exchange completed.
 */
public class MetashareConsumer extends SyncEventPollingConsumer {

    public MetashareConsumer(MetashareEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected HttpFetcher createFetcher(FetcherConfig policy) {
        return super.createFetcher(MetashareClient.policy(policy));
    }

    /** The harvester logs in again after a failed poll ({@link MetashareHarvester#invalidate()}). */
    @Override
    protected MetashareHarvester prepare(SyncStateStore store, HttpFetcher fetcher) {
        MetashareEndpoint ep = (MetashareEndpoint) getEndpoint();
        FetcherConfig credentials = ep.fetcherConfig();
        MetashareClient client = new MetashareClient(ep.nodeUri(), credentials.username(), credentials.password(),
                fetcher, credentials.maxDocumentSize());
        return new MetashareHarvester(client, store, ep.getStateId(), fetching(), progress());
    }
}
