package io.github.camelresourcesync.component.publish;

import io.github.camelresourcesync.model.Printable;
import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.component.support.EventExchanges;
import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.model.W3cDateTime;
import io.github.camelresourcesync.publish.EventValues;
import io.github.camelresourcesync.publish.PublishException;
import io.github.camelresourcesync.publish.Publisher;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePropertyKey;
import org.apache.camel.Message;
import org.apache.camel.support.DefaultProducer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes each exchange's sync event (the {@link ResourceSyncConstants} headers, the body as content) into the
 * endpoint's ResourceSync Source. Sets {@link ResourceSyncConstants#PUBLISHED} to whether the Source changed.
 *
 * <p>
 * When the exchange completes its change is durable in the publisher's store ({@link Publisher#accept}); the
 * documents show it after {@code flushSize} changes, at the end of the consumer's batch
 * ({@link ExchangePropertyKey#BATCH_COMPLETE}), or within {@code flushInterval} (the timer), whichever is
 * first, and on stop.
 */
public class PublishProducer extends DefaultProducer {

    private static final Logger LOG = LoggerFactory.getLogger(PublishProducer.class);

    private Publisher publisher;
    private ScheduledExecutorService timer;

    public PublishProducer(PublishEndpoint endpoint) {
        super(endpoint);
    }

    @Override
    public PublishEndpoint getEndpoint() {
        return (PublishEndpoint) super.getEndpoint();
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        publisher = getEndpoint().acquirePublisher();
        long period = periodicFlush();
        if (period > 0) {
            timer = getEndpoint().getCamelContext().getExecutorServiceManager()
                    .newSingleThreadScheduledExecutor(this, "resourcesync-publish");
            timer.scheduleWithFixedDelay(this::flush, period, period, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Writes pending changes, deferred Resource Lists and closes old Change Lists between events, at the shortest of
     * the three intervals.
     */
    private long periodicFlush() {
        PublishConfiguration c = getEndpoint().getConfiguration();
        return LongStream.of(c.getFlushInterval(), c.getResourceListInterval(), c.getChangeListMaxAge())
                .filter(t -> t > 0).min().orElse(0);
    }

    private void flush() {
        try {
            publisher.flushIfDue();
        } catch (Exception e) {
            LOG.warn("Periodic flush of the published Source {} failed: {}", publisher.sourceDescription(),
                    e.toString());
        }
    }

    @Override
    protected void doStop() throws Exception {
        if (timer != null) {
            getEndpoint().getCamelContext().getExecutorServiceManager().shutdown(timer);
            timer = null;
        }
        if (publisher != null) {
            getEndpoint().releasePublisher();
            publisher = null;
        }
        super.doStop();
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        Message in = exchange.getIn();
        List<SyncEvent> batch = EventExchanges.batch(in, "resourcesync-publish");
        if (batch != null) {
            in.setHeader(ResourceSyncConstants.PUBLISHED, publishBatch(batch));
            return;
        }
        SyncEvent ev = event(in);
        boolean changed;
        if (ev.change() == ChangeType.DELETED || in.getBody() == null) {
            changed = publisher.accept(ev, null);
        } else {
            try (InputStream body = in.getMandatoryBody(InputStream.class)) {
                changed = publisher.accept(ev, body);
            }
        }
        in.setHeader(ResourceSyncConstants.PUBLISHED, changed);
        if (Boolean.TRUE.equals(exchange.getProperty(ExchangePropertyKey.BATCH_COMPLETE, Boolean.class))) {
            publisher.writePending();
        }
    }

    /**
     * A consumer's batch ({@code batching=true}): every event in order, then the documents once. Events before a
     * failing one stay accepted; a redelivered batch accepts them again without changing the Source.
     *
     * @return whether the Source changed
     */
    private boolean publishBatch(List<SyncEvent> batch) throws Exception {
        boolean changed = false;
        for (SyncEvent ev : batch) {
            if (ev.location() == null || !ev.location().isAbsolute()) {
                throw new IllegalArgumentException("resourcesync-publish: an event of the batch has no absolute"
                                                   + " location: " + ev.location());
            }
            if (ev.change() == ChangeType.DELETED || ev.content() == null) {
                changed |= publisher.accept(ev, null);
            } else {
                try (InputStream body = ev.content().openStream()) {
                    changed |= publisher.accept(ev, body);
                }
            }
        }
        publisher.writePending();
        return changed;
    }

    /**
     * The sync event the headers describe; only the location is required. Every value the documents would show is
     * checked here, where it enters, and a bad one fails the exchange naming its header ({@link EventValues}).
     */
    static SyncEvent event(Message in) throws PublishException {
        Object loc = in.getHeader(ResourceSyncConstants.LOCATION);
        if (loc == null || loc.toString().isBlank()) {
            throw new IllegalArgumentException("resourcesync-publish: the " + ResourceSyncConstants.LOCATION
                                               + " header (the resource URI) is missing");
        }
        URI location = EventValues.location(loc.toString().trim(), header(ResourceSyncConstants.LOCATION));
        String changeText = in.getHeader(ResourceSyncConstants.CHANGE, String.class);
        ChangeType change = changeText == null ? ChangeType.UPDATED : ChangeType.fromValue(changeText);
        if (change == null) {
            throw new IllegalArgumentException("resourcesync-publish: " + ResourceSyncConstants.CHANGE + " of "
                                               + location + " is '" + Printable.escaped(changeText)
                                               + "', expected created, updated or deleted");
        }
        String of = " of " + location;
        String typeHeader = in.getHeader(ResourceSyncConstants.MEDIA_TYPE) != null ? ResourceSyncConstants.MEDIA_TYPE
                : Exchange.CONTENT_TYPE;
        String mediaType = EventValues.mediaType(in.getHeader(typeHeader, String.class), header(typeHeader) + of);
        String hash = in.getHeader(ResourceSyncConstants.HASH, String.class);
        @SuppressWarnings("unchecked")
        List<Link> links = in.getHeader(ResourceSyncConstants.LINKS, List.class);
        return new SyncEvent(in.getHeader(ResourceSyncConstants.SOURCE, String.class), location, change,
                time(in, ResourceSyncConstants.DATETIME, of), time(in, ResourceSyncConstants.LAST_MODIFIED, of),
                hash == null ? null : EventValues.hash(hash, header(ResourceSyncConstants.HASH) + of),
                length(in, of), mediaType, in.getHeader(ResourceSyncConstants.CAPABILITY, String.class), null, links,
                in.getHeader(ResourceSyncConstants.EVENT_ID, String.class), null, null, null);
    }

    private static String header(String name) {
        return "resourcesync-publish: header " + name;
    }

    /** An {@link Instant}, a {@link Date}, or W3C datetime text. */
    private static Instant time(Message in, String header, String of) throws PublishException {
        Object v = in.getHeader(header);
        Instant t;
        if (v == null || v instanceof Instant) {
            t = (Instant) v;
        } else if (v instanceof Date d) {
            t = d.toInstant();
        } else {
            try {
                t = W3cDateTime.parse(v.toString());
            } catch (IllegalArgumentException e) {
                throw new PublishException(header(header) + of + ": " + Printable.escaped(e.getMessage()));
            }
        }
        return EventValues.time(t, header(header) + of);
    }

    /** A whole number of bytes, as a number or text. */
    private static Long length(Message in, String of) throws PublishException {
        Object v = in.getHeader(ResourceSyncConstants.LENGTH);
        String what = header(ResourceSyncConstants.LENGTH) + of;
        if (v == null) {
            return null;
        }
        try {
            long n = v instanceof Long || v instanceof Integer || v instanceof Short ? ((Number) v).longValue()
                    : Long.parseLong(v.toString().trim());
            return EventValues.length(n, what);
        } catch (NumberFormatException e) {
            throw new PublishException(what + " is \"" + Printable.escaped(v) + "\": expected a number of bytes");
        }
    }
}
