package io.github.camelresourcesync.xml;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.model.DocumentHeader;
import io.github.camelresourcesync.model.Entry;

/**
 * Reads a document's entries on a thread of its own, a bounded number of chunks ahead, so parsing (the larger part
 * of a listing's cost) runs on another core than the delivery of events. Entries and errors arrive in document order:
 * an error is thrown by {@link #next()} exactly where the document broke. Memory stays bounded by the queue.
 */
public final class PrefetchingSitemapDocument implements SitemapDocument {

    private static final int CHUNK = 512;
    private static final int CHUNKS_AHEAD = 4;
    private static final Object END = new Object();

    private final SitemapDocument delegate;
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(CHUNKS_AHEAD);
    private final Thread reader;
    private volatile boolean closed;
    private List<Entry> chunk = List.of();
    private int position;
    private long returned;
    private boolean ended;

    /** Starts reading {@code delegate} (already opened, header read) in the background. */
    public PrefetchingSitemapDocument(SitemapDocument delegate) {
        this.delegate = delegate;
        this.reader = new Thread(this::readAll, "resourcesync-reader " + delegate.header().uri());
        reader.setDaemon(true);
        reader.start();
    }

    private void readAll() {
        List<Entry> batch = new ArrayList<>(CHUNK);
        try {
            for (Entry e = delegate.next(); e != null && !closed; e = delegate.next()) {
                batch.add(e);
                if (batch.size() == CHUNK) {
                    put(batch);
                    batch = new ArrayList<>(CHUNK);
                }
            }
            putPartial(batch);
            put(END);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception | Error e) {
            try {
                putPartial(batch); // the entries before the error come first
                put(e);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
        } finally {
            delegate.close();
        }
    }

    private void putPartial(List<Entry> batch) throws InterruptedException {
        if (!batch.isEmpty()) {
            put(batch);
        }
    }

    private void put(Object item) throws InterruptedException {
        while (!closed) {
            if (queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
                return;
            }
        }
    }

    @Override
    public DocumentHeader header() {
        return delegate.header();
    }

    @Override
    @SuppressWarnings("unchecked")
    public Entry next() throws DocumentException {
        if (closed) {
            throw new IllegalStateException("document " + header().uri() + " is closed");
        }
        while (position == chunk.size()) {
            if (ended) {
                return null;
            }
            Object item = take();
            if (item == END) {
                ended = true;
                return null;
            }
            if (item instanceof DocumentException de) {
                ended = true;
                throw de;
            }
            if (item instanceof RuntimeException re) {
                ended = true;
                throw re; // as the document itself would have thrown it
            }
            if (item instanceof Error err) {
                ended = true;
                throw err;
            }
            if (item instanceof Throwable t) {
                ended = true;
                throw new DocumentException(header().uri(), "Reading failed: " + t.getMessage(), t);
            }
            chunk = (List<Entry>) item;
            position = 0;
        }
        returned++;
        return chunk.get(position++);
    }

    private Object take() throws DocumentException {
        try {
            return queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DocumentException(header().uri(), "Interrupted while reading", e);
        }
    }

    @Override
    public long entriesRead() {
        return returned;
    }

    /** Stops the reading thread, which closes the underlying document (and its connection). */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            reader.interrupt();
            queue.clear();
        }
    }
}
