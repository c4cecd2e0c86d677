package io.github.camelresourcesync.component.publish;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;

import io.github.camelresourcesync.http.UrlRedaction;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.notify.HubClient;
import io.github.camelresourcesync.notify.HubNotifier;
import io.github.camelresourcesync.notify.WebSubPublisher;
import io.github.camelresourcesync.publish.AtomicFiles;
import io.github.camelresourcesync.publish.PublicationListener;
import io.github.camelresourcesync.publish.PublisherOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Push for a publishing endpoint ({@code pushHub} set): advertises a change and a framework notification channel in
 * the Capability List, turns what the publisher reports into notifications (each listed change; a Change List
 * rotation; a capability document that did not exist when the publisher opened) and hands them to a
 * {@link HubNotifier}, which posts them off the publishing thread. The user's own {@code publicationListener} is
 * called as well.
 */
public final class PublisherPush implements PublicationListener {

    private static final Logger LOG = LoggerFactory.getLogger(PublisherPush.class);
    public static final String CHANGE_TOPIC = "notification/changelist.xml";
    public static final String FRAMEWORK_TOPIC = "notification/framework.xml";
    private static final Duration MAX_RETRY_DELAY = Duration.ofSeconds(30);
    private static final Duration DRAIN_ON_STOP = Duration.ofSeconds(2);

    private final PublishEndpoint endpoint;
    private final PublishConfiguration config;
    private final PublicationListener user;
    private final URI hubUri;
    private final URI base;
    private final URI changeTopic;
    private final URI frameworkTopic;
    private final Set<URI> documents = new HashSet<>();
    private Path directory;
    private Clock clock;
    private ExecutorService executor;
    private HubClient client;
    private HubNotifier notifier;
    private volatile boolean opened;

    private PublisherPush(PublishEndpoint endpoint, URI base) {
        this.endpoint = endpoint;
        this.config = endpoint.getConfiguration();
        this.user = config.getPublicationListener() == null ? PublicationListener.NOOP
                : config.getPublicationListener();
        this.hubUri = URI.create(config.getPushHub().trim());
        this.base = base;
        this.changeTopic = topic(endpoint.getPushChangeTopic(), CHANGE_TOPIC);
        this.frameworkTopic = topic(endpoint.getPushFrameworkTopic(), FRAMEWORK_TOPIC);
    }

    /** Wires push into the publisher's options; {@code null} when the endpoint has no {@code pushHub}. */
    static PublisherPush configure(PublishEndpoint endpoint, PublisherOptions options) throws Exception {
        String hub = endpoint.getConfiguration().getPushHub();
        if (hub == null || hub.isBlank()) {
            return null;
        }
        URI base = options.baseUrl();
        PublisherPush push = new PublisherPush(endpoint,
                base.getPath().endsWith("/") ? base : URI.create(base + "/"));
        push.start(options);
        return push;
    }

    private URI topic(String configured, String defaultPath) {
        return configured == null || configured.isBlank() ? base.resolve(defaultPath) : URI.create(configured.trim());
    }

    private void start(PublisherOptions options) throws Exception {
        String pushMode = config.getPushMode();
        HubNotifier.Mode mode = "publish".equals(pushMode) ? HubNotifier.Mode.PUBLISH : HubNotifier.Mode.FAT_PING;
        if (!"publish".equals(pushMode) && !"fatPing".equals(pushMode)) {
            throw new IllegalArgumentException("resourcesync-publish: pushMode is '" + pushMode
                                               + "', expected fatPing or publish");
        }
        if (mode == HubNotifier.Mode.PUBLISH) {
            for (URI t : List.of(changeTopic, frameworkTopic)) {
                if (relative(t) == null) {
                    throw new IllegalArgumentException("resourcesync-publish: with pushMode=publish the hub fetches"
                                                       + " the topic, so topic " + UrlRedaction.redact(t)
                                                       + " must lie under baseUrl " + base);
                }
            }
        }
        directory = options.directory();
        clock = options.clock();
        List<Entry> channels = new ArrayList<>(options.capabilityEntries());
        channels.add(channel(changeTopic, Capability.CHANGELIST_NOTIFICATION));
        channels.add(channel(frameworkTopic, Capability.FRAMEWORK_NOTIFICATION));
        options.capabilityEntries(channels).listener(this);
        // the hub the user configured is the one host this traffic may go to (plus allowedHosts)
        client = new HubClient(endpoint.getHttpConfiguration().fetcherConfig(endpoint.getCamelContext(), hubUri));
        executor = endpoint.getCamelContext().getExecutorServiceManager()
                .newSingleThreadExecutor(this, "ResourceSyncPublishPush");
        notifier = new HubNotifier(new HubNotifier.Config(mode, config.getPushQueueSize(),
                config.getPushRetries() + 1, Duration.ofMillis(config.getPushRetryDelay()), MAX_RETRY_DELAY,
                options.baseUrl().resolve("capabilitylist.xml")), new WebSubPublisher(hubUri, client),
                this::writeTopic, executor);
        LOG.info("Publishing notifications to hub {} ({}): changes on {}, framework on {}",
                UrlRedaction.redact(hubUri), config.getPushMode(), UrlRedaction.redact(changeTopic),
                UrlRedaction.redact(frameworkTopic));
    }

    private Entry channel(URI topic, Capability kind) {
        return new Entry(topic, null, md(kind, null, null), List.of(Link.of("hub", hubUri)), false);
    }

    private static Metadata md(Capability capability, ChangeType change, Instant datetime) {
        return new Metadata(capability.value(), null, null, null, null, datetime, null,
                change == null ? null : change.value(), null, null, null, null, null);
    }

    /** The publisher has written its documents: from now on a document not seen yet is a created one. */
    void opened() {
        opened = true;
    }

    HubNotifier.Stats stats() {
        return notifier.stats();
    }

    void close() {
        try {
            notifier.close(DRAIN_ON_STOP);
            HubNotifier.Stats s = notifier.stats();
            LOG.info("Notifications to hub {}: {} posted ({} entries), {} failed posts, {} given up, {} dropped"
                     + " (queue full)", UrlRedaction.redact(hubUri), s.posted(), s.entriesPosted(), s.failedPosts(),
                    s.givenUp(), s.dropped());
        } finally {
            endpoint.getCamelContext().getExecutorServiceManager().shutdownNow(executor);
            client.close(); // its connections to the hub: a stopped route keeps none
        }
    }

    /** The topic's path under baseUrl, or {@code null} when it is elsewhere. */
    private String relative(URI topic) {
        URI rel = base.relativize(topic);
        String p = rel.getPath();
        return rel.isAbsolute() || p == null || p.isEmpty() || p.startsWith("/") || p.contains("..") ? null : p;
    }

    /** Keeps the topic URL serving the latest notification (hubs that fetch the topic need it). */
    private void writeTopic(URI topic, byte[] document) throws IOException {
        String p = relative(topic);
        if (p != null) {
            AtomicFiles.write(directory.resolve(p), out -> out.write(document));
        }
    }

    @Override
    public void changePublished(URI changeList, URI location, ChangeType change) {
        user.changePublished(changeList, location, change);
    }

    @Override
    public void changeListed(URI changeList, Entry entry) {
        notifier.offer(changeTopic, Capability.CHANGELIST_NOTIFICATION, entry);
        user.changeListed(changeList, entry);
    }

    /** Framework notification: the new open list was created, the closed one updated; both under the index. */
    @Override
    public void changeListRotated(URI closed, URI opened, URI index) {
        List<Link> up = List.of(Link.of("index", index));
        notifier.offer(frameworkTopic, Capability.FRAMEWORK_NOTIFICATION, List.of(
                new Entry(closed, null, md(Capability.CHANGELIST, ChangeType.UPDATED, clock.instant()), up, false),
                new Entry(opened, null, md(Capability.CHANGELIST, ChangeType.CREATED, clock.instant()), up, false)));
        user.changeListRotated(closed, opened, index);
    }

    /**
     * Framework notification for a document created after the publisher opened (a new Resource List part, a dump
     * document); Change Lists are announced by their rotation, and rewrites of existing documents are not announced
     * (their news reaches Destinations through the Change Lists).
     */
    @Override
    public void documentWritten(URI uri, Capability capability) {
        boolean isNew;
        synchronized (documents) {
            isNew = documents.add(uri);
        }
        if (opened && isNew && capability != Capability.CHANGELIST) {
            URI resourceListIndex = base.resolve("resourcelist.xml");
            List<Link> links = capability == Capability.RESOURCELIST && !uri.equals(resourceListIndex)
                    ? List.of(Link.of("index", resourceListIndex)) : List.of();
            notifier.offer(frameworkTopic, Capability.FRAMEWORK_NOTIFICATION,
                    new Entry(uri, null, md(capability, ChangeType.CREATED, clock.instant()), links, false));
        }
        user.documentWritten(uri, capability);
    }

    @Override
    public String toString() {
        return "WebSub notifications to " + UrlRedaction.redact(hubUri) + " (" + config.getPushMode().toLowerCase(
                Locale.ROOT) + ")";
    }
}
