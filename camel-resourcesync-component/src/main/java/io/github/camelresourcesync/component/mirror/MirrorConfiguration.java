package io.github.camelresourcesync.component.mirror;

import io.github.camelresourcesync.component.support.TemplateConfiguration;
import io.github.camelresourcesync.model.FileLayout;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * How {@code resourcesync-mirror:} writes and removes files: modification times, empty directories, and whether each
 * write is forced to the disk. The component keeps one ({@code camel.component.resourcesync-mirror.*}) that each
 * endpoint starts from; the defaults are written here only, as no core class has them.
 */
@UriParams
public class MirrorConfiguration extends TemplateConfiguration<MirrorConfiguration> {

    @UriParam(defaultValue = "true",
              description = """
                  Set each file's modification time to the resource's `lastmod` (`CamelResourceSyncLastModified`).""")
    private boolean keepLastModified = true;
    @UriParam(defaultValue = "true",
              description = "Remove directories left empty by a deletion (never the mirror directory itself).")
    private boolean pruneEmptyDirectories = true;
    @UriParam(defaultValue = "false",
              description = """
                  Force each written file and its directory entry to the disk before the exchange completes \
                  (survives a power loss or an operating system crash; costs a disk sync per file). Without it a \
                  file is still written under a temporary name and renamed, so it is whole or absent after the JVM \
                  or the route fails.""")
    private boolean fsync;
    @UriParam(defaultValue = FileLayout.DEFAULT, enums = "collisionFree,urlPath",
              description = """
                  Where each resource's file goes. `collisionFree`: at the event's `CamelFileName` (every location \
                  its own name, safe on any file system). `urlPath`: at the path of the event's \
                  `CamelResourceSyncLocation` (`/records/123` is `records/123`), so the mirror can be served back at \
                  the Source's paths; an event whose location cannot be a file (a query, a directory URL, an unsafe \
                  segment), or whose file would collide with another's (a file needed as a directory, or the \
                  reverse), fails with a message naming both locations, and nothing is overwritten. See \
                  docs/headers.md.""")
    private String layout = FileLayout.DEFAULT;

    public String getLayout() {
        return layout;
    }

    public void setLayout(String layout) {
        this.layout = layout;
    }

    /** The layout, checked. */
    FileLayout fileLayout() {
        return FileLayout.of(layout);
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

    public void setFsync(boolean fsync) {
        this.fsync = fsync;
    }
}
