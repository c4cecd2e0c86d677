package io.github.camelresourcesync;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import io.github.camelresourcesync.harvest.DiscoveredSource;
import io.github.camelresourcesync.harvest.NotifiedChanges;
import io.github.camelresourcesync.http.UrlRedaction;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.notify.Channel;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.notify.HubClient;
import io.github.camelresourcesync.notify.Notification;
import io.github.camelresourcesync.notify.NotificationParser;
import io.github.camelresourcesync.notify.WebSubSubscriber;
import io.github.camelresourcesync.xml.SitemapReader;
import org.apache.camel.Consumer;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.support.DefaultScheduledPollConsumerScheduler;
import org.apache.camel.support.service.ServiceHelper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Push for one consumer: serves the WebSub callback through Camel's HTTP server (the {@code platform-http} component,
 * as Camel's webhook component does), subscribes to the Source's notification channels, and queues what arrives for
 * the consumer's own poll thread, which it wakes at once. Notifications only lower latency: the consumer keeps
 * polling, so missed, duplicated or reordered notifications change nothing in the end.
 */
final class ResourceSyncPush {

    private static final Logger LOG = LoggerFactory.getLogger(ResourceSyncPush.class);
    /** How long a stopping route waits for hubs to verify its unsubscriptions. */
    private static final Duration UNSUBSCRIBE_WAIT = Duration.ofSeconds(2);

    /**
     * What the consumer's next pass takes from the inbox: signed change notifications, whether a signed framework
     * notification asks for rediscovery, and whether an unsigned notification hinted at news the lists may have.
     */
    record Drained(List<NotifiedChanges> changes, boolean frameworkChanged, boolean hinted) {

        /** The pass reads the lists too. */
        boolean listing() {
            return frameworkChanged || hinted;
        }
    }

    private final ResourceSyncConsumer consumer;
    private final ResourceSyncEndpoint endpoint;
    private final PushConfiguration options;
    private final Queue<Notification> inbox = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean frameworkChanged = new AtomicBoolean();
    private final AtomicBoolean hinted = new AtomicBoolean();
    private final AtomicBoolean wakeQueued = new AtomicBoolean();
    /** Passes woken so far, and those of them that have ended: equal when no woken pass is queued or running. */
    private final AtomicLong wakesQueued = new AtomicLong();
    private final AtomicLong wakesEnded = new AtomicLong();

    private ScheduledExecutorService scheduler;
    private ScheduledExecutorService wakeScheduler;
    private HubClient hubClient;
    private WebSubSubscriber subscriber;
    private Consumer callbackConsumer;
    private URI callback;
    /** The configured {@code pushTopic} was handed to the subscriber (which retries and renews it from then on). */
    private volatile boolean configuredSubscribed;

    ResourceSyncPush(ResourceSyncConsumer consumer, ResourceSyncEndpoint endpoint) {
        this.consumer = consumer;
        this.endpoint = endpoint;
        this.options = endpoint.getPushConfiguration();
    }

    void start() throws Exception {
        String base = options.getPushCallbackUrl();
        if (base == null || base.isBlank()) {
            throw new IllegalArgumentException("push=true needs pushCallbackUrl: the base URL at which WebSub hubs"
                                               + " reach this application's HTTP server, e.g. https://dest.example.org");
        }
        if (!signed() && !options.isPushAllowUnsigned()) {
            throw new IllegalArgumentException("push=true without pushSecret: anyone who can reach the callback could"
                                               + " announce changes. Set pushSecret (the hub.secret hubs sign"
                                               + " deliveries with), or pushAllowUnsigned=true to accept unsigned"
                                               + " deliveries as mere hints that trigger a poll");
        }
        String path = callbackPath();
        callback = URI.create(base.replaceAll("/+$", "") + path);
        scheduler = endpoint.getCamelContext().getExecutorServiceManager()
                .newSingleThreadScheduledExecutor(this, "ResourceSyncPush");
        hubClient = new HubClient(hubPolicy());
        subscriber = new WebSubSubscriber(new WebSubSubscriber.Config(callback, options.getPushSecret(),
                options.getPushLeaseSeconds(), Duration.ofMillis(options.getPushVerifyTimeout())), hubClient,
                scheduler, new NotificationParser(new SitemapReader(endpoint.getMaxEntriesPerDocument())),
                this::received);
        String component = options.getPushComponent();
        if (endpoint.getCamelContext().getComponent(component) == null) {
            throw new IllegalStateException("push=true serves the WebSub callback with the " + component
                                            + " component, which is not available: add camel-platform-http-main"
                                            + " (Camel Main) or camel-platform-http-vertx to the application");
        }
        Endpoint http = endpoint.getCamelContext().getEndpoint(options.getPushComponent() + ":" + path
                                                               + "?httpMethodRestrict=GET,POST");
        callbackConsumer = http.createConsumer(this::handle);
        ServiceHelper.startService(callbackConsumer);
        LOG.info("WebSub callback for {} at {}", UrlRedaction.redact(endpoint.sourceUri()), callback);
        if (options.getPushTopic() != null && !options.getPushTopic().isBlank()) {
            scheduler.execute(this::subscribeConfigured);
        }
    }

    /**
     * Hub traffic obeys the endpoint's fetch policy: the Source's hosts and `allowedHosts`, plus the hosts of the
     * `pushHub` and `pushTopic` the user configured. A hub a Capability List names elsewhere must be allowed
     * explicitly: subscribing makes this application send requests to it.
     */
    private boolean signed() {
        return options.getPushSecret() != null && !options.getPushSecret().isEmpty();
    }

    private FetcherConfig hubPolicy() {
        FetcherConfig c = endpoint.fetcherConfig();
        AllowedHosts allowed = c.allowedHosts();
        for (String configured : new String[] {options.getPushHub(), options.getPushTopic()}) {
            if (configured != null && !configured.isBlank()) {
                allowed = allowed.plus(URI.create(configured.trim()).getHost());
            }
        }
        return c.allowedHosts(allowed).listener(consumer.getStatistics());
    }

    private String callbackPath() {
        String p = options.getPushCallbackPath();
        if (p == null || p.isBlank()) {
            String id = consumer.getRouteId() == null ? Integer.toHexString(System.identityHashCode(consumer))
                    : consumer.getRouteId();
            p = "/resourcesync/push/" + id.replaceAll("[^A-Za-z0-9._~-]", "_");
        }
        return p.startsWith("/") ? p : "/" + p;
    }

    /** The topic from the options; its hub from the options or, WebSub discovery, from the topic's Link headers. */
    private void subscribeConfigured() {
        URI topic = URI.create(options.getPushTopic());
        try {
            Channel c = options.getPushHub() != null && !options.getPushHub().isBlank()
                    ? new Channel(topic, URI.create(options.getPushHub()), Capability.UNKNOWN)
                    : hubClient.discover(topic);
            subscriber.subscribe(c);
            configuredSubscribed = true;
        } catch (Exception e) {
            LOG.warn("Cannot subscribe to {}: {}; polling goes on, retrying after the next poll",
                    UrlRedaction.redact(topic), e.getMessage());
        }
    }

    /**
     * After a poll: the configured topic again if it could not be subscribed yet (its hub not discovered), whatever
     * else is subscribed; then the channels the followed Capability Lists advertise (new ones only).
     */
    void afterPoll(List<DiscoveredSource> followed) {
        boolean configured = options.getPushTopic() != null && !options.getPushTopic().isBlank();
        if (configured && !configuredSubscribed) {
            scheduler.execute(this::subscribeConfigured);
        }
        for (DiscoveredSource s : followed) {
            Channel.advertised(s.entries()).forEach(subscriber::subscribe);
        }
    }

    WebSubSubscriber subscriber() {
        return subscriber;
    }

    URI callback() {
        return callback;
    }

    /** Takes what arrived since the last pass. */
    Drained drain() {
        List<NotifiedChanges> changes = new ArrayList<>();
        for (Notification n = inbox.poll(); n != null; n = inbox.poll()) {
            changes.add(new NotifiedChanges(n.topic(), n.entries()));
        }
        return new Drained(changes, frameworkChanged.getAndSet(false), hinted.getAndSet(false));
    }

    private void received(Notification n) {
        if (!n.signed()) {
            // anyone may have sent it: it only makes the Source's own lists be read now
            hinted.set(true);
        } else if (n.isChangeNotification()) {
            inbox.add(n);
        } else {
            frameworkChanged.set(true);
        }
        // one wake-up pending at a time: a burst of notifications is taken by one pass
        if (wakeQueued.compareAndSet(false, true)) {
            // the consumer's own scheduler thread when it has one (quartz and other schedulers have none)
            ScheduledExecutorService own = consumer.getScheduler() instanceof DefaultScheduledPollConsumerScheduler d
                    ? d.getScheduledExecutorService() : null;
            wakesQueued.incrementAndGet();
            try {
                (own != null ? own : wakeExecutor()).execute(() -> {
                    try {
                        wakeQueued.set(false);
                        consumer.pollNow();
                    } finally {
                        wakesEnded.incrementAndGet();
                    }
                });
            } catch (RejectedExecutionException e) {
                // stopping: what was queued comes with the next poll after a restart, from the Change List
                wakeQueued.set(false);
                wakesEnded.incrementAndGet();
            }
        }
    }

    /** Passes woken by deliveries so far (each pass may take several notifications). */
    long wakesQueued() {
        return wakesQueued.get();
    }

    /** Woken passes that have ended, whatever their outcome. */
    long wakesEnded() {
        return wakesEnded.get();
    }

    private synchronized ScheduledExecutorService wakeExecutor() {
        if (wakeScheduler == null) {
            wakeScheduler = endpoint.getCamelContext().getExecutorServiceManager()
                    .newSingleThreadScheduledExecutor(this, "ResourceSyncPushPoll");
        }
        return wakeScheduler;
    }

    /** The callback: verification of intent (GET) and deliveries (POST). Both answer at once. */
    private void handle(Exchange exchange) {
        Message in = exchange.getMessage();
        String method = in.getHeader(Exchange.HTTP_METHOD, String.class);
        int status;
        String answer;
        if ("GET".equalsIgnoreCase(method)) {
            Map<String, String> q = query(in);
            answer = subscriber.verify(q.get("hub.mode"), q.get("hub.topic"), q.get("hub.challenge"),
                    q.get("hub.lease_seconds"), q.get("hub.reason"));
            status = answer == null ? 404 : 200;
            answer = answer == null ? "no such subscription" : answer;
        } else {
            long received = System.nanoTime();
            byte[] body = in.getBody(byte[].class);
            WebSubSubscriber.Delivery d = subscriber.deliver(name -> values(in.getHeader(name)),
                    body == null ? new byte[0] : body, received);
            status = d.status();
            answer = d.reason() == null ? "" : d.reason();
        }
        in.getHeaders().clear();
        in.setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        in.setHeader(Exchange.CONTENT_TYPE, "text/plain");
        in.setBody(answer);
    }

    private static Map<String, String> query(Message in) {
        Map<String, String> q = new HashMap<>();
        String raw = in.getHeader(Exchange.HTTP_RAW_QUERY, String.class);
        if (raw == null) {
            raw = in.getHeader(Exchange.HTTP_QUERY, String.class);
        }
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                q.putIfAbsent(k, v);
            }
        }
        for (String k : List.of("hub.mode", "hub.topic", "hub.challenge", "hub.lease_seconds", "hub.reason")) {
            if (!q.containsKey(k) && in.getHeader(k) != null) {
                q.put(k, in.getHeader(k, String.class));
            }
        }
        return q;
    }

    private static List<String> values(Object header) {
        if (header == null) {
            return List.of();
        }
        if (header instanceof Collection<?> c) {
            return c.stream().map(String::valueOf).toList();
        }
        return List.of(header.toString());
    }

    void stop() {
        try {
            if (subscriber != null) {
                subscriber.unsubscribeAll(UNSUBSCRIBE_WAIT);
                subscriber.close();
            }
        } finally {
            ServiceHelper.stopAndShutdownService(callbackConsumer);
            callbackConsumer = null;
            for (ScheduledExecutorService s : new ScheduledExecutorService[] { scheduler, wakeScheduler }) {
                if (s != null) {
                    endpoint.getCamelContext().getExecutorServiceManager().shutdownNow(s);
                }
            }
            scheduler = null;
            wakeScheduler = null;
            if (hubClient != null) {
                hubClient.close();
            }
        }
    }
}
