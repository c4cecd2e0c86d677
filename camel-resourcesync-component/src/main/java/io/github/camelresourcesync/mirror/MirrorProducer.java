package io.github.camelresourcesync.mirror;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;

import io.github.camelresourcesync.EventExchanges;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.model.ChangeType;
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
        Files.createDirectories(root);
        super.doStart();
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        Message in = exchange.getIn();
        List<SyncEvent> batch = EventExchanges.batch(in, "resourcesync-mirror");
        if (batch != null) {
            // a consumer's batch (batching=true): the same, event by event, in order
            for (SyncEvent ev : batch) {
                apply(ev.fileName(), ev.change() == ChangeType.DELETED, ev.lastModified(), () -> {
                    if (ev.content() == null) {
                        throw new IllegalArgumentException("resourcesync-mirror needs the content of " + ev.location()
                                                           + ", which the event does not carry (fetchContent=false?)");
                    }
                    return ev.content().openStream();
                });
            }
            return;
        }
        apply(in.getHeader(ResourceSyncConstants.FILE_NAME, String.class),
                "deleted".equals(in.getHeader(ResourceSyncConstants.CHANGE, String.class)),
                in.getHeader(ResourceSyncConstants.LAST_MODIFIED, Instant.class),
                () -> in.getMandatoryBody(InputStream.class));
    }

    /** Where the bytes of a write come from: opened only when the event is not a deletion. */
    @FunctionalInterface
    private interface Body {
        InputStream open() throws Exception;
    }

    private void apply(String name, boolean deleted, Instant lastmod, Body body) throws Exception {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("resourcesync-mirror needs the " + ResourceSyncConstants.FILE_NAME
                                               + " header (set by the resourcesync consumer and the bridges)");
        }
        Path target = resolve(name);
        if (deleted) {
            delete(target);
        } else {
            write(body, lastmod, target);
        }
    }

    /** Refuses names that would leave the mirror directory. */
    Path resolve(String name) {
        Path target = root.resolve(name).normalize();
        if (!target.startsWith(root) || target.equals(root)) {
            throw new IllegalArgumentException("File name '" + name + "' would leave the mirror directory " + root);
        }
        return target;
    }

    private void write(Body in, Instant lastmod, Path target) throws Exception {
        Files.createDirectories(target.getParent());
        Path tmp = Files.createTempFile(target.getParent(), ".rsync-", ".tmp");
        try {
            try (InputStream body = in.open()) {
                Files.copy(body, tmp, StandardCopyOption.REPLACE_EXISTING);
            }
            if (getEndpoint().isKeepLastModified() && lastmod != null) {
                Files.setLastModifiedTime(tmp, FileTime.from(lastmod));
            }
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            LOG.debug("Mirrored {}", target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private void delete(Path target) throws IOException {
        if (Files.deleteIfExists(target)) {
            LOG.debug("Removed {}", target);
        }
        if (getEndpoint().isPruneEmptyDirectories()) {
            for (Path dir = target.getParent(); dir != null && !dir.equals(root) && dir.startsWith(root);
                 dir = dir.getParent()) {
                try {
                    Files.deleteIfExists(dir);
                } catch (DirectoryNotEmptyException e) {
                    break;
                }
            }
        }
    }
}
