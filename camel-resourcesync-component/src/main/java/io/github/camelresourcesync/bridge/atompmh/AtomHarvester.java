package io.github.camelresourcesync.bridge.atompmh;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.function.Supplier;

import io.github.camelresourcesync.harvest.FetchAheadRun.Fetching;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.EventSource;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.state.StateBuffer;
import io.github.camelresourcesync.state.SyncStateStore;

/**
 * Harvests an Atom-PMH feed (or any RFC 5005 archived / RFC 5005 complete Atom feed) as sync events. Each run walks
 * the feed back to the previous harvest's stop point, plans the changes against state and hands them out through an
 * {@link EventRun}. State lives in the shared {@link SyncStateStore} under the feed URL (prefixed by the state id).
 */
public final class AtomHarvester implements EventSource {

    private final URI feedUri;
    private final AtomPmhOptions options;
    private final HttpFetcher fetcher;
    private final SyncStateStore store;
    private final FeedWalker walker;
    private final ChangePlanner planner;
    private final Fetching fetching;
    private final Supplier<SyncProgress> progress;

    /** A harvester that fetches each representation in the thread that drives the run, and logs no progress. */
    public AtomHarvester(URI feedUri, AtomPmhOptions options, HttpFetcher fetcher, SyncStateStore store) {
        this(feedUri, options, fetcher, store, new Fetching(Runnable::run, 1, null),
                () -> new SyncProgress(feedUri.toString(), 0));
    }

    /** @param fetching how representations are fetched ahead of delivery; {@code progress}: of each run */
    public AtomHarvester(URI feedUri, AtomPmhOptions options, HttpFetcher fetcher, SyncStateStore store,
                         Fetching fetching, Supplier<SyncProgress> progress) {
        this.feedUri = feedUri;
        this.fetching = fetching;
        this.progress = progress;
        this.options = options.copy();
        this.fetcher = fetcher;
        this.store = store;
        this.walker = new FeedWalker(fetcher, new AtomFeedReader(), this.options);
        this.planner = new ChangePlanner(this.options);
    }

    /** The key of this feed's state. */
    public String sourceKey() {
        return options.stateId() == null ? feedUri.toString() : options.stateId() + "|" + feedUri;
    }

    /** Walks the feed and plans its changes; the run hands out at most {@code maxEvents} (0: all). */
    @Override
    public EventRun startRun(long maxEvents) throws IOException {
        String key = sourceKey();
        SourceState state = store.source(key);
        List<AtomFeed> feeds = walker.walk(feedUri, state.resumeTime());
        KnownRecords known = new KnownRecords(store, key);
        List<PlannedChange> changes = planner.plan(feeds, state, known);
        SyncProgress p = progress.get();
        for (AtomFeed feed : feeds) {
            p.documentRead();
            feed.entries().forEach(e -> p.entryRead());
        }
        return new AtomRun(key, feedUri, options.fileLayout(), changes, known, new StateBuffer(store), fetcher,
                options.fetchContent(),
                fetching, p, maxEvents);
    }
}
