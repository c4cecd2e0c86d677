package io.github.camelresourcesync.harvest.audit;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.harvest.DiscoveredSource;
import io.github.camelresourcesync.harvest.EventFactory;
import io.github.camelresourcesync.harvest.Step;
import io.github.camelresourcesync.harvest.StepSource;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.model.SyncEvents;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last part of an audit, after every list was read: what the destination has that no list named becomes an
 * {@code extra} event (change {@code deleted}), in key order.
 */
final class AuditExtraSteps implements StepSource {

    private static final Logger LOG = LoggerFactory.getLogger(AuditExtraSteps.class);

    private final List<DiscoveredSource> sources;
    /** source key to the Resource List audited for it */
    private final Map<String, URI> resourceLists;
    private final EventFactory events;
    private final URI origin;
    private final AuditDestination destination;
    private final AuditScratch scratch;
    private final AuditReport report;
    private Iterator<AuditDestination.Held> extras;

    AuditExtraSteps(List<DiscoveredSource> sources, Map<String, URI> resourceLists, EventFactory events, URI origin,
                    AuditDestination destination, AuditScratch scratch, AuditReport report) {
        this.sources = sources;
        this.resourceLists = resourceLists;
        this.events = events;
        this.origin = origin;
        this.destination = destination;
        this.scratch = scratch;
        this.report = report;
    }

    @Override
    public Step next() throws IOException {
        if (extras == null) {
            destination.forEachHeld(sources.stream().map(DiscoveredSource::key).toList(), held -> {
                if (!scratch.isListed(held.key())) {
                    scratch.addExtra(held);
                }
            });
            if (scratch.extraCount() > 0) {
                LOG.info("{} has {} resources no list names", destination.describe(), scratch.extraCount());
            }
            extras = scratch.extras();
            report.walked();
        }
        if (!extras.hasNext()) {
            return null;
        }
        report.countExtra();
        return Step.event(event(extras.next()), Step.Effect.NONE, Step.Effect.NONE);
    }

    private SyncEvent event(AuditDestination.Held held) throws IOException {
        String sourceKey = held.sourceKey() != null ? held.sourceKey() : sources.get(0).key();
        URI location = held.location() != null ? held.location() : locationOf(held.fileName());
        String fileName = held.fileName() != null ? held.fileName() : events.fileName(location);
        SyncEvent e = new SyncEvent(sourceKey, location, ChangeType.DELETED, null, held.lastmod(), held.hash(),
                held.length(), null, Capability.RESOURCELIST.value(), resourceLists.get(sourceKey), List.of(),
                SyncEvents.eventId(location, null, held.hash()), fileName, null, null);
        return AuditSteps.withAudit(e, AuditResult.EXTRA, null);
    }

    /** A file found in a directory: the location it would have if it was a resource on the Source's origin. */
    private URI locationOf(String fileName) throws IOException {
        try {
            return events.locationOf(fileName);
        } catch (URISyntaxException e) {
            throw new IOException("Cannot make a URI of the file name '" + fileName + "' in "
                                  + destination.describe(), e);
        }
    }
}
