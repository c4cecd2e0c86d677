package io.github.camelresourcesync.component.telemetry;

/** Spans of {@code resourcesync:} exchanges (see {@link SyncSpanDecorator}); found by camel-telemetry as a service. */
public class ResourceSyncSpanDecorator extends SyncSpanDecorator {

    public ResourceSyncSpanDecorator() {
        super("resourcesync", "io.github.camelresourcesync.ResourceSyncComponent");
    }
}
