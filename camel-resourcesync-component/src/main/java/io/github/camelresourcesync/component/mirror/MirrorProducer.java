package io.github.camelresourcesync.component.mirror;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import io.github.camelresourcesync.component.support.EventExchanges;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.FileLayout;
import io.github.camelresourcesync.model.SyncEvent;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.support.DefaultProducer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writes or deletes one mirrored file per sync event (or per event of a consumer's batch). */
public class MirrorProducer extends DefaultProducer {

    private static final Logger LOG = LoggerFactory.getLogger(MirrorProducer.class);

    private Path root;
    private MirrorFiles files;
    private boolean urlPath;

    public MirrorProducer(MirrorEndpoint endpoint) {
        super(endpoint);
    }

    @Override
    public MirrorEndpoint getEndpoint() {
        return (MirrorEndpoint) super.getEndpoint();
    }

    @Override
    protected void doStart() throws Exception {
        root = Path.of(getEndpoint().getDirectory()).toAbsolutePath().normalize();
        urlPath = getEndpoint().getConfiguration().fileLayout() == FileLayout.URL_PATH;
        files = new MirrorFiles(root, getEndpoint().getConfiguration().isFsync());
        super.doStart();
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        Message in = exchange.getIn();
        List<SyncEvent> batch = EventExchanges.batch(in, "resourcesync-mirror");
        if (batch != null) {
            // a consumer's batch (batching=true): the same, event by event, in order
            for (SyncEvent ev : batch) {
                Path target = urlPath ? urlPathTarget(ev.location()) : target(ev.fileName());
                if (ev.change() == ChangeType.DELETED) {
                    delete(target);
                } else {
                    write(target, body(ev), ev.lastModified());
                }
            }
            return;
        }
        String location = in.getHeader(ResourceSyncConstants.LOCATION, String.class);
        Path target = urlPath ? urlPathTarget(location == null ? null : URI.create(location))
                : target(in.getHeader(ResourceSyncConstants.FILE_NAME, String.class));
        if ("deleted".equals(in.getHeader(ResourceSyncConstants.CHANGE, String.class))) {
            delete(target);
            return;
        }
        Object body = in.getBody();
        write(target, body instanceof byte[] bytes ? MirrorFiles.bytes(bytes)
                : MirrorFiles.stream(in.getMandatoryBody(InputStream.class)),
                in.getHeader(ResourceSyncConstants.LAST_MODIFIED, Instant.class));
    }

    private static MirrorFiles.Body body(SyncEvent ev) {
        Content content = ev.content();
        if (content == null) {
            throw new IllegalArgumentException("resourcesync-mirror needs the content of " + ev.location()
                                               + ", which the event does not carry (fetchContent=false?)");
        }
        byte[] bytes = content.bytesIfInMemory();
        if (bytes != null) {
            return MirrorFiles.bytes(bytes);
        }
        return channel -> MirrorFiles.stream(content.openStream()).writeTo(channel);
    }

    private void write(Path target, MirrorFiles.Body body, Instant lastmod) throws Exception {
        if (urlPath) {
            UrlPathCollisions.check(root, target);
        }
        files.write(target, body, getEndpoint().getConfiguration().isKeepLastModified() ? lastmod : null);
        LOG.debug("Mirrored {}", target);
    }

    private void delete(Path target) throws Exception {
        files.delete(target, getEndpoint().getConfiguration().isPruneEmptyDirectories());
    }

    /** The file of a location in layout urlPath: its path under the mirror, or the reason it has none. */
    Path urlPathTarget(URI location) {
        if (location == null) {
            throw new IllegalArgumentException("resourcesync-mirror with layout=urlPath needs the "
                                               + ResourceSyncConstants.LOCATION + " header (set by the resourcesync"
                                               + " consumer and the bridges)");
        }
        return target(FileLayout.URL_PATH.fileName(location, null));
    }

    /** The file of a name; refuses a missing name and names that would leave the mirror directory. */
    Path target(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("resourcesync-mirror needs the " + ResourceSyncConstants.FILE_NAME
                                               + " header (set by the resourcesync consumer and the bridges)");
        }
        Path target = root.resolve(name).normalize();
        if (!target.startsWith(root) || target.equals(root)) {
            throw new IllegalArgumentException("File name '" + name + "' would leave the mirror directory " + root);
        }
        return target;
    }
}
