package io.github.camelresourcesync;

import io.github.camelresourcesync.model.SyncEvent;
import org.apache.camel.Message;

/** Puts a sync event on a Camel message: the {@link ResourceSyncConstants} headers and the verified body. */
public final class EventExchanges {

    private EventExchanges() {
    }

    public static void fill(Message message, SyncEvent ev) throws Exception {
        message.setHeader(ResourceSyncConstants.LOCATION, ev.location().toString());
        message.setHeader(ResourceSyncConstants.CHANGE, ev.change().value());
        message.setHeader(ResourceSyncConstants.DATETIME, ev.datetime());
        message.setHeader(ResourceSyncConstants.LAST_MODIFIED, ev.lastModified());
        message.setHeader(ResourceSyncConstants.CAPABILITY, ev.capability());
        message.setHeader(ResourceSyncConstants.SOURCE_DOCUMENT,
                ev.sourceDocument() == null ? null : ev.sourceDocument().toString());
        message.setHeader(ResourceSyncConstants.SOURCE, ev.sourceKey());
        message.setHeader(ResourceSyncConstants.LINKS, ev.links());
        message.setHeader(ResourceSyncConstants.EVENT_ID, ev.eventId());
        message.setHeader(ResourceSyncConstants.FILE_NAME, ev.fileName());
        String hash = ev.fixity().toString();
        message.setHeader(ResourceSyncConstants.HASH, hash.isEmpty() ? null : hash);
        String mediaType = ev.mediaType();
        if (ev.content() != null) {
            if (mediaType == null) {
                mediaType = ev.content().mediaType();
            }
            byte[] bytes = ev.content().bytesIfInMemory();
            message.setBody(bytes != null ? bytes : ev.content().openStream());
        } else {
            message.setBody(null);
        }
        message.setHeader(ResourceSyncConstants.LENGTH, ev.contentLength());
        message.setHeader(ResourceSyncConstants.MEDIA_TYPE, mediaType);
        ev.extraHeaders().forEach(message::setHeader);
    }
}
