package io.github.camelresourcesync.notify;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;

import io.github.camelresourcesync.http.Backoff;
import io.github.camelresourcesync.http.UrlRedaction;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.SitemapWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Source side of push, off the publishing thread: {@link #offer} only queues (bounded; when full the notification
 * is dropped and counted, never waited for). One worker takes what is queued, merges it per topic into one
 * notification payload (a {@code urlset} with {@code rs:md capability="changelist-notification"} or
 * {@code "framework-notification"}), writes it as the topic's document when a {@link TopicDocuments} is given (the latest
 * notification only: a hub that fetches late gets the newest, and polling covers what it missed), and
 * posts it to the hub: the payload itself ("fat ping") or {@code hub.mode=publish} for hubs that fetch the topic.
 * Failed posts are retried with jittered exponential backoff, then given up. Best effort by design: the Change Lists
 * stay the truth and Destinations converge by polling.
 */
public final class HubNotifier implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HubNotifier.class);
    /** Entries merged into one post at most. */
    static final int MAX_BATCH = 1000;

    /** How notifications reach the hub. */
    public enum Mode {
        /** POST the payload with {@code Link: <topic>; rel="self", <hub>; rel="hub"} (ResourceSync). */
        FAT_PING,
        /** POST {@code hub.mode=publish&hub.topic=...}; the hub fetches the topic's document. */
        PUBLISH
    }

    /**
     * @param mode        fat ping or publish
     * @param queueSize   notifications (one per change or document) queued at most
     * @param maxAttempts posts per notification before it is given up (1: no retry)
     * @param retryDelay  first retry delay; doubles per retry (full jitter) up to {@code maxRetryDelay}
     * @param capabilityList linked from every payload as {@code rs:ln rel="up"}; nullable
     */
    public record Config(Mode mode, int queueSize, int maxAttempts, Duration retryDelay, Duration maxRetryDelay,
            URI capabilityList) {
    }

    /** Writes a topic's current document where the topic URL serves it (needed by {@link Mode#PUBLISH}). */
    @FunctionalInterface
    public interface TopicDocuments {
        void write(URI topic, byte[] document) throws IOException;
    }

    /**
     * Counters since start.
     *
     * @param posted        notifications the hub accepted (each may carry several entries)
     * @param entriesPosted entries in those
     * @param failedPosts   posts that failed (each retry counts)
     * @param givenUp       notifications abandoned after the last attempt (or at shutdown)
     * @param dropped       entries refused because the queue was full
     * @param queued        entries waiting now
     */
    public record Stats(long posted, long entriesPosted, long failedPosts, long givenUp, long dropped, int queued) {
    }

    private record Item(URI topic, Capability kind, List<Entry> entries) {
    }

    private final Config config;
    private final WebSubPublisher hub;
    private final TopicDocuments documents;
    private final Backoff backoff;
    private final BlockingQueue<Item> queue;
    private final CountDownLatch finished = new CountDownLatch(1);
    private final AtomicLong posted = new AtomicLong();
    private final AtomicLong entriesPosted = new AtomicLong();
    private final AtomicLong failedPosts = new AtomicLong();
    private final AtomicLong givenUp = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private volatile boolean closing;
    private volatile Thread worker;

    /**
     * @param documents nullable: without it topic documents are not written (fat ping only)
     * @param executor  runs the worker (one long-running task) until {@link #close}
     */
    public HubNotifier(Config config, WebSubPublisher hub, TopicDocuments documents, Executor executor) {
        this(config, hub, documents, executor, Backoff.UNIFORM_JITTER);
    }

    /** {@code jitter} in {@code [0, 1)} picks each retry's wait within its ceiling; fixed by tests. */
    HubNotifier(Config config, WebSubPublisher hub, TopicDocuments documents, Executor executor,
                DoubleSupplier jitter) {
        if (config.mode() == Mode.PUBLISH && documents == null) {
            throw new IllegalArgumentException("hub.mode=publish needs the topic documents written where the hub"
                                               + " fetches them");
        }
        this.config = config;
        this.hub = hub;
        this.documents = documents;
        this.backoff = new Backoff(config.retryDelay(), config.maxRetryDelay(), jitter);
        this.queue = new ArrayBlockingQueue<>(Math.max(1, config.queueSize()));
        executor.execute(this::run);
    }

    /**
     * Queues one entry for {@code topic}; never blocks.
     *
     * @param kind {@link Capability#CHANGELIST_NOTIFICATION} or {@link Capability#FRAMEWORK_NOTIFICATION}
     * @return {@code false} when the queue was full (the entry is dropped and counted) or the notifier closed
     */
    public boolean offer(URI topic, Capability kind, Entry entry) {
        return offer(topic, kind, List.of(entry));
    }

    /**
     * Queues entries that belong together (the closed and the opened list of one rotation): they go out in one
     * notification, never split over two.
     */
    public boolean offer(URI topic, Capability kind, List<Entry> entries) {
        if (closing) {
            return false;
        }
        if (queue.offer(new Item(topic, kind, List.copyOf(entries)))) {
            return true;
        }
        if (dropped.getAndIncrement() == 0 || dropped.get() % 1000 == 0) {
            LOG.warn("Notification queue for hub {} is full ({} entries): {} notifications dropped so far;"
                     + " Destinations will see these changes when they next poll", UrlRedaction.redact(hub.hub()),
                    queue.size(), dropped.get());
        }
        return false;
    }

    public Stats stats() {
        return new Stats(posted.get(), entriesPosted.get(), failedPosts.get(), givenUp.get(), dropped.get(),
                queue.size());
    }

    private void run() {
        worker = Thread.currentThread();
        // taken from the queue but not sent when the stop interrupted the worker (between retries, say)
        int unsent = 0;
        try {
            while (!closing || !queue.isEmpty()) {
                Item first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                List<Item> batch = new ArrayList<>();
                batch.add(first);
                queue.drainTo(batch, MAX_BATCH - 1);
                Map<URI, List<Item>> topics = byTopic(batch);
                int done = 0;
                try {
                    for (Map.Entry<URI, List<Item>> topic : topics.entrySet()) {
                        send(topic.getKey(), topic.getValue());
                        done++;
                    }
                } catch (InterruptedException e) {
                    unsent = topics.size() - done;
                    throw e;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            int left = queue.size() + unsent;
            if (left > 0) {
                givenUp.addAndGet(left);
                LOG.warn("{} notifications for hub {} were not sent before shutdown; Destinations will see these"
                         + " changes when they next poll", left, UrlRedaction.redact(hub.hub()));
                queue.clear();
            }
            finished.countDown();
        }
    }

    private static Map<URI, List<Item>> byTopic(List<Item> batch) {
        Map<URI, List<Item>> m = new LinkedHashMap<>();
        for (Item i : batch) {
            m.computeIfAbsent(i.topic(), t -> new ArrayList<>()).add(i);
        }
        return m;
    }

    /** Posts one topic's entries, retrying with backoff; gives up after the last attempt. */
    private void send(URI topic, List<Item> items) throws InterruptedException {
        Capability kind = items.get(0).kind();
        List<Entry> entries = items.stream().flatMap(i -> i.entries().stream()).toList();
        byte[] payload;
        try {
            payload = payload(kind, entries);
            if (documents != null) {
                documents.write(topic, payload);
            }
        } catch (IOException | RuntimeException e) {
            givenUp.addAndGet(1);
            LOG.warn("Cannot prepare the notification for topic {}: {}", UrlRedaction.redact(topic), e.toString());
            return;
        }
        for (int attempt = 1;; attempt++) {
            try {
                if (config.mode() == Mode.PUBLISH) {
                    hub.ping(topic);
                } else {
                    hub.publish(topic, payload);
                }
                posted.incrementAndGet();
                entriesPosted.addAndGet(entries.size());
                if (attempt > 1) {
                    LOG.info("Hub {} accepted the notification for topic {} at attempt {}",
                            UrlRedaction.redact(hub.hub()), UrlRedaction.redact(topic), attempt);
                }
                return;
            } catch (IOException e) {
                failedPosts.incrementAndGet();
                if (attempt >= config.maxAttempts() || closing) {
                    givenUp.incrementAndGet();
                    LOG.warn("Gave up notifying hub {} of {} {} entries for topic {} after {} attempts: {};"
                             + " Destinations will see these changes when they next poll",
                            UrlRedaction.redact(hub.hub()), entries.size(), kind.value(),
                            UrlRedaction.redact(topic), attempt, e.toString());
                    return;
                }
                long wait = backoff.delayMillis(attempt);
                LOG.debug("Notifying hub {} failed (attempt {}), retrying in {} ms: {}",
                        UrlRedaction.redact(hub.hub()), attempt, wait, e.toString());
                Thread.sleep(wait);
            }
        }
    }

    private byte[] payload(Capability kind, List<Entry> entries) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512 + entries.size() * 300);
        Metadata md = new Metadata(kind.value(), null, null, null, null, null, null, null, null, null, null, null,
                null);
        List<Link> links = config.capabilityList() == null ? List.of() : List.of(Link.of("up", config.capabilityList()));
        try (SitemapWriter w = new SitemapWriter(out, RootElement.URLSET, md, links)) {
            for (Entry e : entries) {
                w.write(e);
            }
        }
        return out.toByteArray();
    }

    /**
     * Stops taking notifications and gives the worker up to {@code drain} to post what is queued (retries are cut
     * short); what is left is counted as given up.
     */
    public void close(Duration drain) {
        closing = true;
        try {
            if (!finished.await(drain.toMillis(), TimeUnit.MILLISECONDS)) {
                Thread w = worker;
                if (w != null) {
                    w.interrupt();
                }
                finished.await(drain.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(2));
    }
}
