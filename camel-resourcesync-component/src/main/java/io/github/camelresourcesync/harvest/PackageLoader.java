package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

import io.github.camelresourcesync.dump.Bitstream;
import io.github.camelresourcesync.dump.DumpException;
import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.dump.DumpPackage;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.SpooledContent;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.xml.DocumentException;
import io.github.camelresourcesync.xml.ExpectedCapability;
import io.github.camelresourcesync.xml.SitemapReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Downloads dump packages and reads their bitstreams: the package is streamed to a temporary file by the fetcher
 * (never held whole in memory), checked against the length and the strongest hash its dump entry publishes
 * ({@link Fixity#strongestForPackage}), then opened and checked as a whole ({@link DumpPackage}) before any of its
 * bitstreams becomes an event.
 */
final class PackageLoader {

    private static final Logger LOG = LoggerFactory.getLogger(PackageLoader.class);

    private final HttpFetcher fetcher;
    private final SitemapReader reader;
    private final DumpLimits limits;
    private final Executor pool;

    /**
     * @param pool reads bitstreams ahead of delivery, as the fetch pool fetches bodies of list entries; {@code null}
     *             when nothing is fetched ({@code fetchContent=false}): the packages a Resource Dump's baseline still
     *             opens for their manifests are then opened on the caller's thread
     */
    PackageLoader(HttpFetcher fetcher, SitemapReader reader, DumpLimits limits, Executor pool) {
        this.fetcher = fetcher;
        this.reader = reader;
        this.limits = limits;
        this.pool = pool != null ? pool : Runnable::run;
    }

    /**
     * @param packageEntry the dump's entry for the package ({@code loc}, {@code length}, {@code hash},
     *                     {@code rs:ln rel="contents"})
     * @param dump         the Resource Dump or Change Dump listing it, named in errors
     * @param manifest     the manifest capability the package must hold (a Resource Dump's packages hold Resource
     *                     Dump Manifests, a Change Dump's Change Dump Manifests)
     */
    Opened open(Entry packageEntry, URI dump, Capability manifest) throws IOException {
        URI uri = packageEntry.loc();
        // one hash for the package (the strongest published): its bitstreams are verified against all of theirs
        Hashes hash = Fixity.strongestForPackage(packageEntry.md().hash());
        Content download = Fixity.fetchVerified(fetcher, uri, dump, packageEntry.md().length(), hash);
        Path copy = null;
        try {
            Path file = download instanceof SpooledContent s ? s.spoolFile() : null;
            if (file == null) {
                // small packages stay in memory when fetched; ZipFile needs a file
                copy = Files.createTempFile("resourcesync-", ".zip");
                try (InputStream in = download.openStream()) {
                    Files.copy(in, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
                file = copy;
            }
            Link contents = packageEntry.link("contents");
            URI manifestUri = contents != null ? contents.href() : uri;
            DumpPackage pkg = DumpPackage.open(file, uri, manifestUri, reader, limits);
            try {
                ExpectedCapability.require(pkg.manifestHeader(), manifest);
            } catch (DocumentException e) {
                pkg.close();
                throw new DumpException(uri, "its manifest: " + e.getMessage(), e);
            }
            LOG.debug("{}: {} bitstreams in {} entries", uri, pkg.bitstreams().size(), pkg.entryCount());
            return new Opened(pkg, download, copy);
        } catch (IOException | RuntimeException e) {
            download.close();
            deleteQuietly(copy);
            throw e;
        }
    }

    /**
     * Downloads and opens a package on the pool, so the next package is ready when the current one is read. Closing
     * the future's result is the caller's business; {@link #discard} releases one that is no longer wanted.
     */
    CompletableFuture<Opened> openAhead(Entry packageEntry, URI dump, Capability manifest) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return open(packageEntry, dump, manifest);
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        }, pool);
    }

    /** Waits for a package opened ahead; its failure is thrown as it happened. */
    static Opened await(CompletableFuture<Opened> ahead) throws IOException {
        try {
            return ahead.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while opening a dump package", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IOException(e.getCause());
        }
    }

    /** Releases a package opened ahead that will not be read (the run stopped). */
    static void discard(CompletableFuture<Opened> ahead) {
        if (ahead != null) {
            ahead.whenComplete((opened, failure) -> {
                if (opened != null) {
                    opened.close();
                }
            });
        }
    }

    /**
     * Reads one bitstream into a content verified against the event's length and hash, on the pool; the package stays
     * open until the read is done. A failure (fixity, corrupt entry) is held in the future, so it fails that event
     * only, like a failed fetch.
     */
    CompletableFuture<Content> read(Opened pkg, Bitstream b, SyncEvent event) {
        pkg.retain();
        return CompletableFuture.supplyAsync(() -> {
            try {
                return readVerified(pkg, b, event);
            } catch (IOException e) {
                throw new CompletionException(e);
            } finally {
                pkg.release();
            }
        }, pool);
    }

    /**
     * Reads a run of bitstreams in one pool task, completing each member's future as its entry is read: with the
     * content, or with the failure a read of its own would have had (a bad entry fails its own event only). Cancelled
     * members are skipped; the run's package is released when the run is done.
     */
    void readRun(BitstreamRuns.Run run) {
        Runnable task = () -> {
            try {
                for (BitstreamRuns.Member m : run.members) {
                    if (m.isDone()) {
                        continue; // cancelled: the run stopped
                    }
                    try {
                        Content content = readVerified(run.pkg, m.bitstream, m.event);
                        if (!m.complete(content)) {
                            content.close();
                        }
                    } catch (IOException | RuntimeException e) {
                        m.completeExceptionally(e);
                    }
                }
            } catch (Error e) {
                run.members.forEach(m -> m.completeExceptionally(e));
                throw e;
            } finally {
                run.pkg.release();
            }
        };
        try {
            pool.execute(task);
        } catch (RuntimeException e) {
            // pool shut down: nothing will read the run
            run.members.forEach(m -> m.completeExceptionally(e));
            run.pkg.release();
        }
    }

    private Content readVerified(Opened pkg, Bitstream b, SyncEvent event) throws IOException {
        Content content = null;
        try {
            content = fetcher.receive(pkg.dump().open(b), event.location(), Fixity.algorithms(event),
                    event.length() == null ? -1 : event.length(), event.mediaType());
            Fixity.verify(event, content);
            return content;
        } catch (IOException | RuntimeException e) {
            if (content != null) {
                content.close();
            }
            throw e;
        }
    }

    private static void deleteQuietly(Path p) {
        if (p != null) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                LOG.warn("Could not delete temporary package {}: {}", p, e.getMessage());
            }
        }
    }

    /**
     * An opened package with the temporary file(s) it lives in. {@link #close()} deletes them once the reads under
     * way are done.
     */
    static final class Opened implements AutoCloseable {
        private final DumpPackage dump;
        private final Content download;
        private final Path copy;
        private int reading;
        private boolean closed;

        Opened(DumpPackage dump, Content download, Path copy) {
            this.dump = dump;
            this.download = download;
            this.copy = copy;
        }

        DumpPackage dump() {
            return dump;
        }

        synchronized void retain() {
            reading++;
        }

        synchronized void release() {
            if (--reading == 0 && closed) {
                release0();
            }
        }

        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                if (reading == 0) {
                    release0();
                }
            }
        }

        private void release0() {
            dump.close();
            download.close();
            deleteQuietly(copy);
        }
    }
}
