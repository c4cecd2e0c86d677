package io.github.camelresourcesync.atompmh;

/**
 * @deprecated moved to {@link io.github.camelresourcesync.component.atompmh.AtomPmhConstants};
 *             this twin keeps existing imports compiling and will be removed in a later release.
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public final class AtomPmhConstants {

    public static final String LOCATION = io.github.camelresourcesync.component.atompmh.AtomPmhConstants.LOCATION;
    public static final String CHANGE = io.github.camelresourcesync.component.atompmh.AtomPmhConstants.CHANGE;
    public static final String DATETIME = io.github.camelresourcesync.component.atompmh.AtomPmhConstants.DATETIME;
    public static final String MEDIA_TYPE = io.github.camelresourcesync.component.atompmh.AtomPmhConstants.MEDIA_TYPE;
    public static final String CAPABILITY = io.github.camelresourcesync.component.atompmh.AtomPmhConstants.CAPABILITY;
    public static final String SOURCE_DOCUMENT = io.github.camelresourcesync.component.atompmh.AtomPmhConstants.SOURCE_DOCUMENT;
    public static final String LINKS = io.github.camelresourcesync.component.atompmh.AtomPmhConstants.LINKS;
    public static final String EVENT_ID = io.github.camelresourcesync.component.atompmh.AtomPmhConstants.EVENT_ID;
    public static final String FILE_NAME = io.github.camelresourcesync.component.atompmh.AtomPmhConstants.FILE_NAME;
    public static final String ATOM_ID = io.github.camelresourcesync.component.atompmh.AtomPmhConstants.ATOM_ID;
    public static final String ATOM_TITLE = io.github.camelresourcesync.component.atompmh.AtomPmhConstants.ATOM_TITLE;

    private AtomPmhConstants() {
    }
}
