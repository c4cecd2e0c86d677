package io.github.camelresourcesync.harvest.audit;

import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import io.github.camelresourcesync.harvest.BaselineEntries;
import io.github.camelresourcesync.harvest.DiscoveredSource;
import io.github.camelresourcesync.harvest.EventFactory;
import io.github.camelresourcesync.harvest.Step;
import io.github.camelresourcesync.harvest.StepSource;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.SyncEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The audit of one Capability List: streams its Resource List (or Resource List Index), or the manifests of its Resource
 * Dump, and turns every listed resource the destination lacks or has in another version into a {@code missing} or
 * {@code changed} event. Steps change no state: an audit only reports.
 */
final class AuditSteps implements StepSource {

    private static final Logger LOG = LoggerFactory.getLogger(AuditSteps.class);

    private final DiscoveredSource source;
    private final URI resourceList;
    private final BaselineEntries.Opener opener;
    private final EventFactory events;
    private final SyncProgress progress;
    private final AuditDestination destination;
    private final AuditScratch scratch;
    private final AuditReport report;
    private BaselineEntries walker;

    /**
     * @param resourceList the Resource List or Resource Dump audited against
     * @param opener       opens its entries (a list walker, or a dump's manifests)
     */
    AuditSteps(DiscoveredSource source, URI resourceList, BaselineEntries.Opener opener, EventFactory events,
               SyncProgress progress, AuditDestination destination, AuditScratch scratch, AuditReport report) {
        this.source = source;
        this.resourceList = resourceList;
        this.opener = opener;
        this.events = events;
        this.progress = progress;
        this.destination = destination;
        this.scratch = scratch;
        this.report = report;
    }

    @Override
    public Step next() throws IOException {
        if (walker == null) {
            LOG.info("{}: auditing {} against {}", source.key(), destination.describe(), resourceList);
            walker = opener.open(false);
        }
        for (Entry e = walker.next(); e != null; e = walker.next()) {
            Step step = audit(e);
            if (step != null) {
                return step;
            }
        }
        return null;
    }

    private Step audit(Entry e) throws IOException {
        String key = source.key();
        String fileName = events.fileName(e.loc());
        if (!scratch.markListed(destination.key(key, e.loc(), fileName))) {
            return null; // listed twice: audited once
        }
        Set<String> algorithms = new LinkedHashSet<>(e.md().hash().digests().keySet());
        AuditDestination.Held held = destination.find(key, e.loc(), fileName, algorithms);
        if (held == null) {
            report.countMissing();
            return event(e, AuditResult.MISSING, null);
        }
        AuditComparator.Verdict verdict = AuditComparator.compare(e, held);
        report.count(verdict.kind());
        if (verdict.kind() == AuditComparator.Kind.CHANGED) {
            return event(e, AuditResult.CHANGED, verdict.reason());
        }
        if (verdict.kind() == AuditComparator.Kind.UNVERIFIED) {
            LOG.debug("{}: {} publishes no hash, length or lastmod; the destination's copy is not verified", key,
                    e.loc());
        }
        progress.unchangedResource();
        return null;
    }

    private Step event(Entry e, AuditResult result, String reason) {
        SyncEvent listed = events.event(source.key(), e, result.repair(), walker.capability(),
                walker.currentDocument());
        // with fetchContent a dump's body comes from its package; a list's (null here) is fetched from its location
        return Step.event(withAudit(listed, result, reason), Step.Effect.NONE, Step.Effect.NONE,
                walker.content(listed));
    }

    /**
     * The event with the audit's headers, and an id of its own: an audit event must not be taken for the sync event
     * of the same change by an idempotent consumer.
     */
    static SyncEvent withAudit(SyncEvent e, AuditResult result, String reason) {
        Map<String, Object> headers = reason == null ? Map.of(AuditResult.HEADER, result.value())
                : Map.of(AuditResult.HEADER, result.value(), AuditResult.REASON_HEADER, reason);
        return new SyncEvent(e.sourceKey(), e.location(), e.change(), e.datetime(), e.lastModified(), e.hash(),
                e.length(), e.mediaType(), e.capability(), e.sourceDocument(), e.links(),
                e.eventId() + "#audit-" + result.value(), e.fileName(), headers, null);
    }

    @Override
    public void close() {
        if (walker != null) {
            walker.close();
        }
    }
}
