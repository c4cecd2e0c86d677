package io.github.camelresourcesync.component.mirror;

import io.github.camelresourcesync.component.support.TemplateConfiguration;
import io.github.camelresourcesync.component.support.TemplateConfiguration;
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
