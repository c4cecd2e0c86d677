package io.github.camelresourcesync.harvest.audit;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.harvest.DiscoveredSource;
import io.github.camelresourcesync.harvest.Harvester;
import io.github.camelresourcesync.harvest.SyncRun;

/**
 * The parts of an audit ({@link AuditRun#start}): one per Capability List, then what the destination has that no list
 * named. Keeps the scratch file and the report the parts share.
 */
final class AuditPlan implements Harvester.ListRunPlanner {

    private final AuditDestination destination;
    private final Path scratchDirectory;
    private AuditScratch scratch;
    private AuditReport report;

    AuditPlan(AuditDestination destination, Path scratchDirectory) {
        this.destination = destination;
        this.scratchDirectory = scratchDirectory;
    }

    @Override
    public List<SyncRun.Part> parts(Harvester.ListRun lists) throws IOException {
        scratch = new AuditScratch(scratchDirectory);
        report = new AuditReport(lists.start().toString(), destination.describe());
        List<SyncRun.Part> parts = new ArrayList<>();
        List<DiscoveredSource> sources = new ArrayList<>();
        Map<String, URI> resourceLists = new LinkedHashMap<>();
        for (Harvester.Listed l : lists.sources()) {
            sources.add(l.source());
            resourceLists.put(l.source().key(), l.list());
            parts.add(() -> new AuditSteps(l.source(), l.list(), l.opener(), lists.events(), lists.progress(),
                    destination, scratch, report));
        }
        parts.add(() -> new AuditExtraSteps(sources, resourceLists, lists.events(), lists.origin(), destination,
                scratch, report));
        return parts;
    }

    AuditScratch scratch() {
        return scratch;
    }

    AuditReport report() {
        return report;
    }

    /** After a failed start: the scratch file, if one was made. */
    void closeScratch() {
        if (scratch != null) {
            scratch.close();
        }
    }
}
