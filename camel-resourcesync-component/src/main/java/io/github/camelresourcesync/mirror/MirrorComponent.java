package io.github.camelresourcesync.mirror;

/**
 * @deprecated moved to {@link io.github.camelresourcesync.component.mirror.MirrorComponent};
 *             this twin keeps existing imports compiling and will be removed in a later release.
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public class MirrorComponent extends io.github.camelresourcesync.component.mirror.MirrorComponent {
}
