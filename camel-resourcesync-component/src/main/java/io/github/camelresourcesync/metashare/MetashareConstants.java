package io.github.camelresourcesync.metashare;

/**
 * @deprecated moved to {@link io.github.camelresourcesync.component.metashare.MetashareConstants};
 *             this twin keeps existing imports compiling and will be removed in a later release.
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public final class MetashareConstants {

    public static final String IDENTIFIER = io.github.camelresourcesync.component.metashare.MetashareConstants.IDENTIFIER;
    public static final String REVISION = io.github.camelresourcesync.component.metashare.MetashareConstants.REVISION;
    public static final String CREATED = io.github.camelresourcesync.component.metashare.MetashareConstants.CREATED;
    public static final String MODIFIED = io.github.camelresourcesync.component.metashare.MetashareConstants.MODIFIED;
    public static final String DELETED = io.github.camelresourcesync.component.metashare.MetashareConstants.DELETED;
    public static final String PUBLICATION_STATUS = io.github.camelresourcesync.component.metashare.MetashareConstants.PUBLICATION_STATUS;
    public static final String SOURCE_URL = io.github.camelresourcesync.component.metashare.MetashareConstants.SOURCE_URL;
    public static final String METASHARE_VERSION = io.github.camelresourcesync.component.metashare.MetashareConstants.METASHARE_VERSION;
    public static final String CHECKSUM = io.github.camelresourcesync.component.metashare.MetashareConstants.CHECKSUM;

    private MetashareConstants() {
    }
}
