package io.github.camelresourcesync.publish;

import java.net.URI;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;

/**
 * Told what a {@link Publisher} made public, after the files are in place (so a WebSub hub notified from here never
 * points at a document that is not there yet). Called on the publishing thread, in order; keep it quick or hand off.
 * An exception from a listener is logged and does not undo the publication.
 */
public interface PublicationListener {

    /** Does nothing. */
    PublicationListener NOOP = new PublicationListener() {
    };

    /**
     * One change is now listed in the open Change List.
     *
     * @param changeList the URI of the Change List that lists it
     * @param location   the published resource URI ({@code loc})
     * @param change     what happened to it
     */
    default void changePublished(URI changeList, URI location, ChangeType change) {
    }

    /**
     * One change is now listed in the open Change List, with the entry exactly as listed ({@code loc}, {@code change},
     * {@code datetime}, fixity, links): what a change notification announces. Called right after
     * {@link #changePublished}.
     */
    default void changeListed(URI changeList, Entry entry) {
    }

    /**
     * A Change List was closed ({@code until} set) and a new open one started.
     *
     * @param closed  the closed list
     * @param opened  the new open list
     * @param index   the Change List Index that now lists both
     */
    default void changeListRotated(URI closed, URI opened, URI index) {
    }

    /** A capability document (or dump package) was written or rewritten at {@code uri}. */
    default void documentWritten(URI uri, Capability capability) {
    }
}
