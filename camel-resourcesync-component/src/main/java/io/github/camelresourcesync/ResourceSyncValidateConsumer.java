package io.github.camelresourcesync;

import io.github.camelresourcesync.harvest.Harvester;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.validate.ValidationReport;
import io.github.camelresourcesync.validate.Validator;

import org.apache.camel.Processor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consumer of {@code mode=validate}: each poll validates the whole Source with the endpoint's fetch policy and
 * hands each {@link Finding} to the route as soon as it is found (one exchange each), then the report. Nothing is
 * synced and no state changes. A finding the route fails on goes to the exception handler; the validation goes on.
 */
public class ResourceSyncValidateConsumer extends AbstractResourceSyncConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(ResourceSyncValidateConsumer.class);

    private Validator validator;

    public ResourceSyncValidateConsumer(ResourceSyncEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected Harvester prepare(SyncStateStore store, HttpFetcher fetcher) throws Exception {
        Harvester harvester = super.prepare(store, fetcher);
        validator = new Validator(fetcher, getEndpoint().validateOptions());
        return harvester;
    }

    /** One whole validation per poll. */
    @Override
    protected int poll() throws Exception {
        int[] sent = {0};
        ValidationReport report = validator.validate(getEndpoint().sourceUri(), f -> {
            sendOne(m -> ValidateExchanges.fill(m, f), "Validation finding " + f.rule() + " in " + f.document());
            sent[0]++;
        }, this::isRunAllowed);
        logReport(LOG, report.valid(), report);
        if (isRunAllowed()) {
            sendOne(m -> ValidateExchanges.fill(m, report), "Validation report of " + report.source());
            sent[0]++;
        }
        return sent[0];
    }

    /** Not used: {@link #poll()} runs the validator itself, which emits findings rather than sync events. */
    @Override
    protected EventRun openRun(int maxEvents) {
        throw new UnsupportedOperationException("mode=validate emits findings, not sync events");
    }
}
