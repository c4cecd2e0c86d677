package io.github.camelresourcesync.component.mirror;

import io.github.camelresourcesync.ResourceSyncConstants;
import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultEndpoint;

/**
 * Keep a directory equal to a Source: writes the body of each sync event to the event's {@code CamelFileName}
 * (under a temporary name first, then renamed, so a reader never sees half a file) and removes the file of a
 * {@code deleted} event.
 */
@UriEndpoint(firstVersion = "0.1.0", scheme = "resourcesync-mirror", title = "ResourceSync Mirror",
             syntax = "resourcesync-mirror:directory", category = { Category.FILE }, producerOnly = true,
             headersClass = ResourceSyncConstants.class)
public class MirrorEndpoint extends DefaultEndpoint {

    @UriPath(description = "The mirror directory; created when missing.")
    @Metadata(required = true)
    private String directory;
    @UriParam(defaultValue = "true",
              description = "Set each file's modification time to the resource's `lastmod`"
                            + " (`CamelResourceSyncLastModified`).")
    private boolean keepLastModified = true;
    @UriParam(defaultValue = "true",
              description = "Remove directories left empty by a deletion (never the mirror directory itself).")
    private boolean pruneEmptyDirectories = true;
    @UriParam(defaultValue = "false",
              description = "Force each written file and its directory entry to the disk before the exchange"
                            + " completes (survives a power loss or an operating system crash; costs a disk sync per"
                            + " file). Without it a file is still written under a temporary name and renamed, so it"
                            + " is whole or absent after the JVM or the route fails.")
    private boolean fsync;

    public MirrorEndpoint() {
    }

    public MirrorEndpoint(String uri, MirrorComponent component, String directory) {
        super(uri, component);
        this.directory = directory;
    }

    @Override
    public Producer createProducer() {
        return new MirrorProducer(this);
    }

    @Override
    public Consumer createConsumer(Processor processor) {
        throw new UnsupportedOperationException("resourcesync-mirror is producer only");
    }

    public String getDirectory() {
        return directory;
    }

    /** The mirror directory; created when missing. */
    public void setDirectory(String directory) {
        this.directory = directory;
    }

    public boolean isKeepLastModified() {
        return keepLastModified;
    }

    public void setKeepLastModified(boolean keepLastModified) {
        this.keepLastModified = keepLastModified;
    }

    public boolean isPruneEmptyDirectories() {
        return pruneEmptyDirectories;
    }

    public void setPruneEmptyDirectories(boolean pruneEmptyDirectories) {
        this.pruneEmptyDirectories = pruneEmptyDirectories;
    }

    public boolean isFsync() {
        return fsync;
    }

    /**
     * Force each file and its directory entry to disk before the exchange completes, so a mirrored file survives a
     * power loss or an operating system crash, at the cost of a disk flush per file. Without it a write is safe
     * against the JVM or the route failing (a file is whole or absent) but not against losing the OS's cache.
     */
    public void setFsync(boolean fsync) {
        this.fsync = fsync;
    }
}
