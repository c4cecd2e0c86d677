package io.github.camelresourcesync;

/**
 * @deprecated moved to {@link io.github.camelresourcesync.component.publish.PublishComponent};
 *             this twin keeps existing imports compiling and will be removed in a later release.
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public class PublishComponent extends io.github.camelresourcesync.component.publish.PublishComponent {
}
