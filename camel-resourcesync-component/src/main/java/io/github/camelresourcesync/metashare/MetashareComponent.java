package io.github.camelresourcesync.metashare;

/**
 * @deprecated moved to {@link io.github.camelresourcesync.component.metashare.MetashareComponent};
 *             this twin keeps existing imports compiling and will be removed in a later release.
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public class MetashareComponent extends io.github.camelresourcesync.component.metashare.MetashareComponent {
}
