package io.github.camelresourcesync;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ExecutorService;

import io.github.camelresourcesync.harvest.Harvester;
import io.github.camelresourcesync.harvest.PendingEvent;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.harvest.SyncRun;
import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.xml.SitemapReader;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePropertyKey;
import org.apache.camel.Processor;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckAware;
import org.apache.camel.support.ScheduledBatchPollingConsumer;
import org.apache.camel.support.ScheduledPollConsumerHealthCheck;
import org.apache.camel.support.SynchronizationAdapter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls a ResourceSync Source and emits one exchange per resource or change, in Source order, in batches. The state
 * of an event is committed only after its exchange completed, so a stop or crash re-delivers and never skips.
 */
public class ResourceSyncConsumer extends ScheduledBatchPollingConsumer implements HealthCheckAware {

    private static final Logger LOG = LoggerFactory.getLogger(ResourceSyncConsumer.class);

    /** Events handed to the route per batch. */
    static final int MAX_BATCH = 1000;

    private HttpFetcher fetcher;
    private ExecutorService fetchPool;
    private Harvester harvester;
    private SyncRun currentRun;
    private HealthCheck healthCheck;

    public ResourceSyncConsumer(ResourceSyncEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    public ResourceSyncEndpoint getEndpoint() {
        return (ResourceSyncEndpoint) super.getEndpoint();
    }

    @Override
    protected void doInit() throws Exception {
        super.doInit();
        if (healthCheck == null) {
            // DOWN after failed polls, with the error and the HTTP status (http.response.code) of the failure
            healthCheck = new ScheduledPollConsumerHealthCheck(this, getRouteId());
        }
    }

    @Override
    public HealthCheck getHealthCheck() {
        return healthCheck;
    }

    @Override
    public void setHealthCheck(HealthCheck healthCheck) {
        this.healthCheck = healthCheck;
    }

    @Override
    protected void doStart() throws Exception {
        ResourceSyncEndpoint ep = getEndpoint();
        SyncStateStore store = ep.getStateStore() != null ? ep.getStateStore() : ep.getComponent().defaultStateStore();
        store.start();
        fetcher = new HttpFetcher(ep.fetcherConfig());
        if (ep.isFetchContent()) {
            fetchPool = ep.getCamelContext().getExecutorServiceManager().newFixedThreadPool(this,
                    "ResourceSyncFetch", ep.getFetchParallelism());
        }
        String name = "resourcesync " + ep.getSourceUrl();
        harvester = new Harvester(ep.sourceUri(), ep.harvestOptions(), fetcher,
                new SitemapReader(ep.getMaxEntriesPerDocument()), store, fetchPool,
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
        if (fetcher != null) {
            fetcher.close();
            fetcher = null;
        }
    }

    @Override
    protected int poll() throws Exception {
        int total = 0;
        try (SyncRun run = harvester.startRun(maxMessagesPerPoll)) {
            currentRun = run;
            while (run.hasMore() && isRunAllowed()) {
                Queue<Object> batch = nextBatch(run);
                if (batch.isEmpty()) {
                    break;
                }
                total += processBatch(batch);
                run.flushIfDue();
            }
        } catch (Exception e) {
            harvester.invalidate();
            FetchException fe = findFetchException(e);
            if (fe != null && fe.getStatusCode() > 0) {
                addLastErrorDetail(HealthCheck.HTTP_RESPONSE_CODE, fe.getStatusCode());
            }
            throw e;
        } finally {
            currentRun = null;
        }
        return total;
    }

    private static Queue<Object> nextBatch(SyncRun run) throws Exception {
        Queue<Object> batch = new ArrayDeque<>();
        while (batch.size() < MAX_BATCH) {
            PendingEvent p = run.next();
            if (p == null) {
                break;
            }
            batch.add(p);
        }
        return batch;
    }

    private static FetchException findFetchException(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof FetchException fe) {
                return fe;
            }
        }
        return null;
    }

    @Override
    public int processBatch(Queue<Object> events) throws Exception {
        SyncRun run = currentRun;
        int total = events.size();
        List<PendingEvent> items = new ArrayList<>(total);
        events.forEach(o -> items.add((PendingEvent) o));
        int delivered = 0;
        int index = 0;
        for (; index < total && isBatchAllowed(); index++) {
            PendingEvent p = items.get(index);
            Exchange exchange = createExchange(p.event());
            exchange.setProperty(ExchangePropertyKey.BATCH_INDEX, index);
            exchange.setProperty(ExchangePropertyKey.BATCH_SIZE, total);
            exchange.setProperty(ExchangePropertyKey.BATCH_COMPLETE, index == total - 1);
            pendingExchanges = total - index - 1;
            if (p.failed()) {
                exchange.setException(p.failure());
            } else {
                try {
                    getProcessor().process(exchange);
                } catch (Exception e) {
                    exchange.setException(e);
                }
            }
            if (exchange.getException() == null) {
                run.delivered(p);
                delivered++;
                continue;
            }
            getExceptionHandler().handleException("Sync event " + p.event().eventId() + " from "
                                                  + p.event().sourceDocument() + " failed", exchange,
                    exchange.getException());
            if (getEndpoint().isBreakOnFirstError()) {
                run.stop(p);
                index++;
                break;
            }
            run.givenUp(p);
        }
        // not delivered (stopped, or shutting down): not committed either, so they come again next poll
        releaseFrom(items, index);
        pendingExchanges = 0;
        return delivered;
    }

    private static void releaseFrom(List<PendingEvent> items, int from) {
        for (int i = from; i < items.size(); i++) {
            items.get(i).discard();
        }
    }

    private Exchange createExchange(SyncEvent ev) throws Exception {
        Exchange exchange = createExchange(false);
        EventExchanges.fill(exchange.getIn(), ev);
        if (ev.content() != null) {
            exchange.getExchangeExtension().addOnCompletion(new SynchronizationAdapter() {
                @Override
                public void onDone(Exchange done) {
                    ev.content().close();
                }
            });
        }
        return exchange;
    }

    @Override
    protected void processEmptyMessage() throws Exception {
        LOG.debug("Poll of {} found nothing new", getEndpoint().getSourceUrl());
        super.processEmptyMessage();
    }
}
