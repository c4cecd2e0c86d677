package io.github.camelresourcesync.component.telemetry;

/** Spans of {@code resourcesync-mirror:} exchanges (see {@link SyncSpanDecorator}); found by camel-telemetry as a service. */
public class MirrorSpanDecorator extends SyncSpanDecorator {

    public MirrorSpanDecorator() {
        super("resourcesync-mirror", "io.github.camelresourcesync.component.mirror.MirrorComponent");
    }
}
