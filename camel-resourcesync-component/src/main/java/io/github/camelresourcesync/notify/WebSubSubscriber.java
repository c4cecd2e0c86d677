package io.github.camelresourcesync.notify;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import java.util.function.Function;

import io.github.camelresourcesync.model.Printable;
import io.github.camelresourcesync.http.Backoff;
import io.github.camelresourcesync.http.LinkHeaders;
import io.github.camelresourcesync.http.UrlRedaction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The WebSub subscriber of one destination: subscribes its callback to channels, answers the hub's verification of
 * intent only for subscriptions it asked for (and only with the matching topic and mode), renews before the lease
 * ends, checks and parses deliveries, and unsubscribes on {@link #close()}.
 *
 * <p>
 * A hub may answer 202 and verify later, or never: a request that is not verified within the verification timeout is
 * sent again, with backoff, for as long as the subscriber runs. Deliveries are never the only way changes arrive (the
 * destination keeps polling), so a lost subscription costs latency, not data.
 *
 * <p>
 * Thread-safe: verifications and deliveries arrive on the HTTP server's threads, requests and renewals run on the
 * given scheduler.
 */
public final class WebSubSubscriber implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WebSubSubscriber.class);
    /** Refused callback requests are logged at most once in this interval (anyone may send them). */
    private static final Duration REFUSALS_LOGGED_EVERY = Duration.ofMinutes(1);

    /**
     * @param callback      the callback URL the hub calls (must reach this subscriber's HTTP endpoint)
     * @param secret        the {@code hub.secret}; deliveries must then carry a valid {@code X-Hub-Signature}
     * @param leaseSeconds  the lease asked for; renewal starts when three quarters of the granted lease have passed
     * @param verifyTimeout how long a request may stay unverified before it is sent again
     */
    public record Config(URI callback, String secret, int leaseSeconds, Duration verifyTimeout) {
    }

    /** Where a subscription stands. */
    public enum State {
        /** asked for, not verified yet */
        REQUESTED,
        /** verified by the hub, lease running */
        ACTIVE,
        /** the hub refused it ({@code hub.mode=denied}) */
        DENIED,
        /** unsubscribe asked for */
        UNSUBSCRIBING
    }

    /** A snapshot of one subscription, for health reports and tests. */
    public record Status(Channel channel, State state, long expiresAtMillis, int requests) {
    }

    /**
     * The answer to a delivery: the HTTP status to send, why (for refusals), and the notification when accepted.
     */
    public record Delivery(int status, String reason, Notification notification) {
        public boolean accepted() {
            return notification != null;
        }
    }

    private static final class Subscription {
        final Channel channel;
        volatile State state = State.REQUESTED;
        volatile long expiresAtMillis;
        volatile int requests;
        long verifiedAtMillis;
        int failures;
        int unverified;
        ScheduledFuture<?> timer;

        Subscription(Channel channel) {
            this.channel = channel;
        }
    }

    private final Config config;
    private final HubClient client;
    private final ScheduledExecutorService scheduler;
    private final NotificationParser parser;
    private final Consumer<Notification> listener;
    private final Backoff backoff;
    private final Map<String, Subscription> byTopic = new ConcurrentHashMap<>();
    private final Refusals refusals = new Refusals(LOG, REFUSALS_LOGGED_EVERY);
    private volatile boolean closed;

    /**
     * @param listener gets each accepted notification, on the delivering HTTP thread: must return quickly
     */
    public WebSubSubscriber(Config config, HubClient client, ScheduledExecutorService scheduler,
                            NotificationParser parser, Consumer<Notification> listener) {
        this(config, client, scheduler, parser, listener, Backoff.UNIFORM_JITTER);
    }

    /** {@code jitter} yields the backoff's random factors in {@code [0, 1)}; a test fixes it to see the waits. */
    WebSubSubscriber(Config config, HubClient client, ScheduledExecutorService scheduler, NotificationParser parser,
                     Consumer<Notification> listener, DoubleSupplier jitter) {
        this.config = config;
        this.client = client;
        this.scheduler = scheduler;
        this.parser = parser;
        this.listener = listener;
        Duration max = config.verifyTimeout().compareTo(Duration.ofSeconds(1)) < 0
                ? Duration.ofSeconds(1) : config.verifyTimeout();
        this.backoff = new Backoff(Duration.ofMillis(500), max.multipliedBy(10), jitter);
    }

    /** Subscribes to a channel unless already subscribed to its topic at the same hub; the request runs async. */
    public void subscribe(Channel channel) {
        if (closed) {
            return;
        }
        String key = channel.topic().toString();
        Subscription existing = byTopic.get(key);
        if (existing != null && existing.channel.hub().equals(channel.hub())) {
            return;
        }
        Subscription s = new Subscription(channel);
        byTopic.put(key, s);
        if (existing != null) {
            cancel(existing);
        }
        schedule(s, 0);
    }

    /** The subscriptions and where they stand. */
    public List<Status> subscriptions() {
        List<Status> list = new ArrayList<>();
        byTopic.values().forEach(s -> list.add(new Status(s.channel, s.state, s.expiresAtMillis, s.requests)));
        return list;
    }

    private void schedule(Subscription s, long delayMillis) {
        synchronized (s) {
            if (s.timer != null) {
                s.timer.cancel(false);
            }
            s.timer = closed ? null : scheduler.schedule(() -> request(s), delayMillis, TimeUnit.MILLISECONDS);
        }
    }

    private static void cancel(Subscription s) {
        synchronized (s) {
            if (s.timer != null) {
                s.timer.cancel(false);
            }
        }
    }

    /** Sends (or re-sends, to renew) the subscription request; on no verification or an error, tries again later. */
    private void request(Subscription s) {
        if (closed || byTopic.get(s.channel.topic().toString()) != s) {
            return;
        }
        s.requests++;
        long startedAt = System.currentTimeMillis();
        long retryIn;
        try {
            HubClient.Answer a = client.postForm(s.channel.hub(), form("subscribe", s.channel));
            if (a.ok()) {
                s.failures = 0;
                // some hubs verify before answering; otherwise the verification must come within the timeout,
                // which doubles with each request the hub left unverified
                retryIn = config.verifyTimeout().toMillis() << Math.min(s.unverified++, 4);
                LOG.debug("Hub {} accepted the subscription to {} (HTTP {}); awaiting verification", hub(s),
                        topic(s), a.status());
            } else {
                retryIn = backoff.delayMillis(++s.failures);
                LOG.warn("Hub {} refused the subscription to {}: HTTP {} {}; retrying in {} ms (polling goes on)",
                        hub(s), topic(s), a.status(), a.body(), retryIn);
            }
        } catch (IOException | RuntimeException e) {
            retryIn = backoff.delayMillis(++s.failures);
            LOG.warn("Cannot subscribe to {} at hub {}: {}; retrying in {} ms (polling goes on)", topic(s), hub(s),
                    e.toString(), retryIn);
        }
        synchronized (s) {
            if (s.verifiedAtMillis >= startedAt) {
                return; // verified meanwhile: the renewal is scheduled
            }
            schedule(s, retryIn);
        }
    }

    private Map<String, String> form(String mode, Channel c) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("hub.mode", mode);
        form.put("hub.topic", c.topic().toString());
        form.put("hub.callback", config.callback().toString());
        if ("subscribe".equals(mode)) {
            form.put("hub.lease_seconds", Integer.toString(config.leaseSeconds()));
            if (config.secret() != null && !config.secret().isEmpty()) {
                form.put("hub.secret", config.secret());
            }
        }
        return form;
    }

    /**
     * Answers the hub's verification of intent ({@code GET callback?hub.mode=...}).
     *
     * @return the challenge to echo with 200, or {@code null} to answer 404: the subscriber did not ask for this
     */
    public String verify(String mode, String topic, String challenge, String leaseSeconds, String reason) {
        Subscription s = topic == null ? null : byTopic.get(topic);
        if (mode == null || s == null) {
            refusals.refused("Refused a verification for topic " + quoted(topic) + " (mode " + Printable.quoted(mode)
                             + "): this destination did not ask for it");
            return null;
        }
        switch (mode) {
            case "subscribe" -> {
                if (challenge == null || closed || s.state == State.UNSUBSCRIBING) {
                    return null;
                }
                long lease = parseLease(leaseSeconds);
                synchronized (s) {
                    s.state = State.ACTIVE;
                    s.verifiedAtMillis = System.currentTimeMillis();
                    s.expiresAtMillis = s.verifiedAtMillis + lease * 1000;
                    s.failures = 0;
                    s.unverified = 0;
                    schedule(s, Math.max(1000, lease * 750));
                }
                LOG.info("Subscribed to {} at hub {} (lease {} s)", topic(s), hub(s), lease);
                return challenge;
            }
            case "unsubscribe" -> {
                if (challenge == null || s.state != State.UNSUBSCRIBING) {
                    return null;
                }
                byTopic.remove(topic, s);
                synchronized (s) {
                    s.notifyAll();
                }
                return challenge;
            }
            case "denied" -> {
                s.state = State.DENIED;
                LOG.warn("Hub {} denied the subscription to {}: {}; retrying later (polling goes on)", hub(s),
                        topic(s), reason);
                schedule(s, backoff.delayMillis(++s.failures));
                return "";
            }
            default -> {
                refusals.refused("Refused a verification for topic " + topic(s) + ": unknown mode "
                                 + Printable.quoted(mode));
                return null;
            }
        }
    }

    private long parseLease(String given) {
        try {
            long l = given == null ? config.leaseSeconds() : Long.parseLong(given.trim());
            return l > 0 ? l : config.leaseSeconds();
        } catch (NumberFormatException e) {
            return config.leaseSeconds();
        }
    }

    /**
     * Checks and parses a delivery (a POST to the callback).
     *
     * @param header        request header lookup (all values of a header name, case-insensitive)
     * @param body          the raw body
     * @param receivedNanos when it arrived
     */
    public Delivery deliver(Function<String, List<String>> header, byte[] body, long receivedNanos) {
        URI self = LinkHeaders.find(header.apply("Link"), null, "self");
        Subscription s = self != null ? byTopic.get(self.toString()) : onlySubscription();
        if (s == null || s.state == State.UNSUBSCRIBING || closed) {
            // 410 tells the hub to drop the subscription
            refusals.refused("Refused a delivery for topic " + quoted(self == null ? null : self.toString())
                             + " with 410: no subscription");
            return new Delivery(410, "no subscription for topic " + self, null);
        }
        boolean signed = config.secret() != null && !config.secret().isEmpty();
        if (signed) {
            List<String> sig = header.apply(HubSignature.HEADER);
            String value = sig == null || sig.isEmpty() ? null : sig.get(0);
            if (!HubSignature.verify(value, config.secret(), body)) {
                refusals.refused("Refused a delivery for " + topic(s) + " with 403: "
                                 + (value == null ? "no" : "wrong") + " X-Hub-Signature");
                return new Delivery(403, (value == null ? "missing" : "invalid") + " X-Hub-Signature", null);
            }
        }
        try {
            Notification parsed = parser.parse(body, s.channel.topic(), receivedNanos);
            Notification n = signed ? parsed.asSigned() : parsed;
            listener.accept(n);
            return new Delivery(202, null, n);
        } catch (IOException e) {
            refusals.refused("Refused a delivery for " + topic(s) + " with 400: " + Printable.quoted(e.getMessage()));
            return new Delivery(400, e.getMessage(), null);
        }
    }

    /** Callback requests refused since start (deliveries and verifications): anyone who can reach it may send them. */
    public long refused() {
        return refusals.count();
    }

    private Subscription onlySubscription() {
        return byTopic.size() == 1 ? byTopic.values().iterator().next() : null;
    }

    /**
     * Unsubscribes from every topic and waits up to {@code wait} for the hubs to verify, so the callback is still
     * there to answer them. Subscriptions a hub does not confirm end with their lease.
     */
    public void unsubscribeAll(Duration wait) {
        closed = true;
        refusals.summarise();
        List<Subscription> all = new ArrayList<>(byTopic.values());
        for (Subscription s : all) {
            cancel(s);
            s.state = State.UNSUBSCRIBING;
            try {
                HubClient.Answer a = client.postForm(s.channel.hub(), form("unsubscribe", s.channel));
                if (!a.ok()) {
                    LOG.warn("Hub {} refused to unsubscribe {}: HTTP {} {}", hub(s), topic(s), a.status(), a.body());
                    byTopic.remove(s.channel.topic().toString(), s);
                }
            } catch (IOException | RuntimeException e) {
                LOG.warn("Cannot unsubscribe {} at hub {}: {}", topic(s), hub(s), e.toString());
                byTopic.remove(s.channel.topic().toString(), s);
            }
        }
        long deadline = System.nanoTime() + wait.toNanos();
        for (Subscription s : all) {
            synchronized (s) {
                while (byTopic.get(s.channel.topic().toString()) == s) {
                    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                    if (left <= 0) {
                        break;
                    }
                    try {
                        s.wait(left);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        refusals.summarise();
        byTopic.values().forEach(WebSubSubscriber::cancel);
        byTopic.clear();
    }

    private static String topic(Subscription s) {
        return UrlRedaction.redact(s.channel.topic());
    }

    /** A URL a request named (anyone's text): without credentials, quoted. */
    private static String quoted(String url) {
        return Printable.quoted(url == null ? null : UrlRedaction.redact(url));
    }

    private static String hub(Subscription s) {
        return UrlRedaction.redact(s.channel.hub());
    }
}
