package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;

import io.github.camelresourcesync.dump.Bitstream;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.SyncEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The resources of a Resource Dump: its packages in document order (a Resource Dump may be an index), and in each
 * package the manifest entries in manifest order, with their bodies read from the package. One package is read at a
 * time (up to {@link #AHEAD} more are opened ahead); each is checked as a whole before its first entry is returned,
 * and deleted when the next one is read.
 */
final class ResourceDumpEntries extends ResourceDumpWalk {

    private static final Logger LOG = LoggerFactory.getLogger(ResourceDumpEntries.class);

    private final PackageLoader loader;
    private final boolean fetchContent;
    /**
     * Packages opened ahead. Opening one (download, fixity, central directory, manifest parse) costs about as much
     * as delivering its entries, so two are under way while the current one is read: on more than one core they
     * open in parallel and the consumer never waits for the next.
     */
    static final int AHEAD = 2;

    private final PackageReading reading;
    /** the next packages, downloaded and checked on the pool while the current one is read, in document order */
    private final Deque<CompletableFuture<PackageLoader.Opened>> ahead = new ArrayDeque<>();
    private boolean packagesDone;
    private Bitstream last;

    ResourceDumpEntries(HarvestContext ctx, URI resourceDump, boolean conditional) throws IOException {
        super(ctx, resourceDump, conditional);
        this.loader = ctx.packages();
        this.fetchContent = ctx.options().fetchContent();
        this.reading = new PackageReading(loader);
    }

    @Override
    public boolean rootUnchanged() {
        return packages.rootUnchanged();
    }

    @Override
    public Entry next() throws IOException {
        while (true) {
            last = reading.next();
            if (last != null) {
                if (last.entry().md().changeType() == ChangeType.DELETED) {
                    LOG.warn("{}: Resource Dump manifest lists {} as deleted; skipped",
                            reading.pkg().dump().packageUri(), last.entry().loc());
                    continue;
                }
                return last.entry();
            }
            reading.finish();
            fillAhead();
            CompletableFuture<PackageLoader.Opened> opening = ahead.poll();
            if (opening == null) {
                return null;
            }
            PackageLoader.Opened opened = PackageLoader.await(opening);
            reading.start(opened, opened.dump().bitstreams());
            fillAhead();
        }
    }

    @Override
    public URI currentDocument() {
        PackageLoader.Opened pkg = reading.pkg();
        return pkg != null ? pkg.dump().packageUri() : packages.root();
    }

    @Override
    public CompletableFuture<Content> content(SyncEvent event) {
        if (!fetchContent) {
            return null;
        }
        return reading.read(reading.pkg(), last, event);
    }

    private void fillAhead() throws IOException {
        while (ahead.size() < AHEAD) {
            CompletableFuture<PackageLoader.Opened> next = openNext();
            if (next == null) {
                return;
            }
            ahead.add(next);
        }
    }

    /** Starts opening the next package, or returns {@code null} when there is none. */
    private CompletableFuture<PackageLoader.Opened> openNext() throws IOException {
        if (packagesDone) {
            return null;
        }
        Entry pkg = packages.next();
        if (pkg == null) {
            packagesDone = true;
            return null;
        }
        return loader.openAhead(pkg, packages.currentDocument(), Capability.RESOURCEDUMP_MANIFEST);
    }

    @Override
    public void close() {
        reading.finish();
        ahead.forEach(PackageLoader::discard);
        ahead.clear();
        packages.close();
    }
}
