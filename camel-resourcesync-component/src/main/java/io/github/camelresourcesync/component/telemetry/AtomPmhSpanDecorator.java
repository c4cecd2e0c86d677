package io.github.camelresourcesync.component.telemetry;

/** Spans of {@code resourcesync-atompmh:} exchanges (see {@link SyncSpanDecorator}); found by camel-telemetry as a service. */
public class AtomPmhSpanDecorator extends SyncSpanDecorator {

    public AtomPmhSpanDecorator() {
        super("resourcesync-atompmh", "io.github.camelresourcesync.component.atompmh.AtomPmhComponent");
    }
}
