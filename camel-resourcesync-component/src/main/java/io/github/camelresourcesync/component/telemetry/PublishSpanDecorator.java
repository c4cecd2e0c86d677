package io.github.camelresourcesync.component.telemetry;

/** Spans of {@code resourcesync-publish:} exchanges (see {@link SyncSpanDecorator}); found by camel-telemetry as a service. */
public class PublishSpanDecorator extends SyncSpanDecorator {

    public PublishSpanDecorator() {
        super("resourcesync-publish", "io.github.camelresourcesync.component.publish.PublishComponent");
    }
}
