package io.github.camelresourcesync.atompmh;

/**
 * @deprecated moved to {@link io.github.camelresourcesync.component.atompmh.AtomPmhComponent};
 *             this twin keeps existing imports compiling and will be removed in a later release.
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public class AtomPmhComponent extends io.github.camelresourcesync.component.atompmh.AtomPmhComponent {
}
