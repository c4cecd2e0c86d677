package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.github.camelresourcesync.dump.Bitstream;
import io.github.camelresourcesync.dump.DumpException;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.SyncEvent;

/**
 * The resources of a Resource Dump as its manifests list them, without the bitstreams: for each package, the Resource
 * Dump Manifest its entry links as {@code rs:ln rel="contents"} is read on its own; only a package without such a link
 * is downloaded (and checked as a whole) to read the {@code manifest.xml} inside it. With {@code fetchContent}, a
 * body asked for ({@link #content}) is read from its package, downloaded then, once: an audit of a dump downloads only
 * the packages holding a resource to repair. Such a body is verified against the published manifest's fixity.
 */
final class DumpManifestEntries extends ResourceDumpWalk {

    private final HarvestContext ctx;
    /** the published manifest being read, or {@code null} */
    private ListWalker manifest;
    /** the downloaded package being read, or {@code null} */
    private PackageLoader.Opened opened;
    private Iterator<Bitstream> bitstreams;
    /** the bitstreams of {@link #opened} by location, made when a body is first asked for */
    private Map<URI, Bitstream> byLocation;
    private Entry packageEntry;
    private URI packageDocument;
    private URI current;

    DumpManifestEntries(HarvestContext ctx, URI resourceDump) throws IOException {
        super(ctx, resourceDump, false);
        this.ctx = ctx;
    }

    @Override
    public boolean rootUnchanged() {
        return false;
    }

    @Override
    public Entry next() throws IOException {
        while (true) {
            Entry e = nextListed();
            if (e == null) {
                closeCurrent();
                Entry pkg = packages.next();
                if (pkg == null) {
                    return null;
                }
                openManifest(pkg);
            } else if (e.md().changeType() != ChangeType.DELETED) {
                // a Resource Dump lists what exists: a deletion in its manifest is skipped, as a baseline does
                return e;
            }
        }
    }

    private Entry nextListed() throws IOException {
        if (manifest != null) {
            return manifest.next();
        }
        return bitstreams != null && bitstreams.hasNext() ? bitstreams.next().entry() : null;
    }

    private void openManifest(Entry pkg) throws IOException {
        packageEntry = pkg;
        packageDocument = packages.currentDocument();
        Link contents = pkg.link("contents");
        if (contents != null) {
            manifest = new ListWalker(ctx.loader(), contents.href(), Capability.RESOURCEDUMP_MANIFEST,
                    ctx.options().maxDocumentDepth(), false, ctx.progress());
            current = contents.href();
        } else {
            opened = ctx.packages().open(pkg, packageDocument, Capability.RESOURCEDUMP_MANIFEST);
            bitstreams = opened.dump().bitstreams().iterator();
            current = pkg.loc();
        }
    }

    private void closeCurrent() {
        if (manifest != null) {
            manifest.close();
            manifest = null;
        }
        if (opened != null) {
            opened.close();
            opened = null;
            bitstreams = null;
            byLocation = null;
        }
    }

    @Override
    public URI currentDocument() {
        return current != null ? current : packages.root();
    }

    /**
     * With {@code fetchContent}, the body of the entry {@link #next()} returned last, from its package (downloaded now
     * if it was not yet); a package that fails, or lacks the entry, fails this event only.
     */
    @Override
    public CompletableFuture<Content> content(SyncEvent event) {
        if (!ctx.options().fetchContent()) {
            return null;
        }
        try {
            if (opened == null) {
                opened = ctx.packages().open(packageEntry, packageDocument, Capability.RESOURCEDUMP_MANIFEST);
            }
            if (byLocation == null) {
                byLocation = new HashMap<>();
                for (Bitstream b : opened.dump().bitstreams()) {
                    if (b.hasBytes()) {
                        byLocation.put(b.entry().loc(), b);
                    }
                }
            }
            Bitstream b = byLocation.get(event.location());
            if (b == null) {
                throw new DumpException(packageEntry.loc(), "the manifest " + current + " lists " + event.location()
                                                            + " but the package's manifest.xml has no bytes for it");
            }
            return ctx.packages().read(opened, b, event);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public void close() {
        closeCurrent();
        packages.close();
    }
}
