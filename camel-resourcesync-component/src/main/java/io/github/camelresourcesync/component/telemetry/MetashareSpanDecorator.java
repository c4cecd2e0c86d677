package io.github.camelresourcesync.component.telemetry;

/** Spans of {@code resourcesync-metashare:} exchanges (see {@link SyncSpanDecorator}); found by camel-telemetry as a service. */
public class MetashareSpanDecorator extends SyncSpanDecorator {

    public MetashareSpanDecorator() {
        super("resourcesync-metashare", "io.github.camelresourcesync.component.metashare.MetashareComponent");
    }
}
