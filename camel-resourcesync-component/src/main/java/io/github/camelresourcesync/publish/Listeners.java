package io.github.camelresourcesync.publish;

import java.net.URI;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Calls the configured listener and keeps its failures from undoing a publication that already happened. */
final class Listeners {

    private static final Logger LOG = LoggerFactory.getLogger(Listeners.class);

    private final PublicationListener listener;

    Listeners(PublicationListener listener) {
        this.listener = listener;
    }

    void documentWritten(URI uri, Capability capability) {
        run(() -> listener.documentWritten(uri, capability), uri);
    }

    void changePublished(URI changeList, URI location, ChangeType change) {
        run(() -> listener.changePublished(changeList, location, change), location);
    }

    void changeListed(URI changeList, Entry entry) {
        run(() -> listener.changeListed(changeList, entry), entry.loc());
    }

    void changeListRotated(URI closed, URI opened, URI index) {
        run(() -> listener.changeListRotated(closed, opened, index), closed);
    }

    private void run(Runnable call, URI about) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.warn("Publication listener {} failed for {}: {}", listener, about, e.toString(), e);
        }
    }
}
