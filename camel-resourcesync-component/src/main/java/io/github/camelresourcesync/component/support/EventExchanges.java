package io.github.camelresourcesync.component.support;

import io.github.camelresourcesync.ResourceSyncConstants;
import java.nio.file.Path;

import io.github.camelresourcesync.http.SpooledContent;
import io.github.camelresourcesync.model.PendingEvent;
import org.apache.camel.Exchange;
import org.apache.camel.converter.stream.FileInputStreamCache;
import org.apache.camel.support.SynchronizationAdapter;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SortedMap;

import io.github.camelresourcesync.model.SyncEvent;
import org.apache.camel.Message;

/**
 * Puts sync events on Camel messages: one event as the {@link ResourceSyncConstants} headers and the verified body, or
 * a batch as a list body.
 */
public final class EventExchanges {

    /** The event headers, in case-insensitive order: the order Camel's header map keeps them in. */
    private static final String[] NAMES = {
            ResourceSyncConstants.LOCATION, ResourceSyncConstants.CHANGE, ResourceSyncConstants.DATETIME,
            ResourceSyncConstants.LAST_MODIFIED, ResourceSyncConstants.CAPABILITY,
            ResourceSyncConstants.SOURCE_DOCUMENT, ResourceSyncConstants.SOURCE, ResourceSyncConstants.LINKS,
            ResourceSyncConstants.EVENT_ID, ResourceSyncConstants.FILE_NAME, ResourceSyncConstants.HASH,
            ResourceSyncConstants.LENGTH, ResourceSyncConstants.MEDIA_TYPE };
    private static final int LOCATION = 0;
    private static final int CHANGE = 1;
    private static final int DATETIME = 2;
    private static final int LAST_MODIFIED = 3;
    private static final int CAPABILITY = 4;
    private static final int SOURCE_DOCUMENT = 5;
    private static final int SOURCE = 6;
    private static final int LINKS = 7;
    private static final int EVENT_ID = 8;
    private static final int FILE_NAME = 9;
    private static final int HASH = 10;
    private static final int LENGTH = 11;
    private static final int MEDIA_TYPE = 12;
    /** Indexes into {@link #NAMES} in header-map order. */
    private static final int[] SORTED;

    static {
        Integer[] order = new Integer[NAMES.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparing(i -> NAMES[i], String.CASE_INSENSITIVE_ORDER));
        SORTED = Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    private EventExchanges() {
    }

    /**
     * The events of a consumer's batch ({@code batching=true}) when the message carries one, else {@code null}.
     *
     * @throws IllegalArgumentException when a list of events holds something else too
     */
    public static List<SyncEvent> batch(Message message, String who) {
        if (!(message.getBody() instanceof List<?> list) || list.isEmpty() || !(list.get(0) instanceof SyncEvent)) {
            return null;
        }
        List<SyncEvent> events = new ArrayList<>(list.size());
        for (Object o : list) {
            if (!(o instanceof SyncEvent ev)) {
                throw new IllegalArgumentException(who + ": a batch body must hold only SyncEvents, found "
                                                   + (o == null ? "null" : o.getClass().getName()));
            }
            events.add(ev);
        }
        return events;
    }

    /**
     * The events of a consumer's exchange: one event's headers and body, or with {@code asList} (a batch,
     * {@code batching=true}) the body {@code List<SyncEvent>}. Their contents (temporary files) are released once the
     * exchange is done, whatever its outcome.
     */
    static void fill(Exchange exchange, List<PendingEvent> events, boolean asList) throws Exception {
        if (asList) {
            List<SyncEvent> body = new ArrayList<>(events.size());
            for (PendingEvent p : events) {
                body.add(p.event());
            }
            exchange.getIn().setBody(Collections.unmodifiableList(body));
        } else {
            fill(exchange.getIn(), events.get(0).event());
        }
        // a plain loop: this runs once per event in the default mode
        for (PendingEvent p : events) {
            if (p.event().content() != null) {
                exchange.getExchangeExtension().addOnCompletion(new SynchronizationAdapter() {
                    @Override
                    public void onDone(Exchange done) {
                        events.forEach(PendingEvent::discard);
                    }
                });
                return;
            }
        }
    }

    private static void fill(Message message, SyncEvent ev) throws Exception {
        Object[] v = new Object[NAMES.length];
        v[LOCATION] = ev.location().toString();
        v[CHANGE] = ev.change().value();
        v[DATETIME] = ev.datetime();
        v[LAST_MODIFIED] = ev.lastModified();
        v[CAPABILITY] = ev.capability();
        v[SOURCE_DOCUMENT] = ev.sourceDocument() == null ? null : ev.sourceDocument().toString();
        v[SOURCE] = ev.sourceKey();
        v[LINKS] = ev.links();
        v[EVENT_ID] = ev.eventId();
        v[FILE_NAME] = ev.fileName();
        String hash = ev.fixity().toString();
        v[HASH] = hash.isEmpty() ? null : hash;
        String mediaType = ev.mediaType();
        if (ev.content() != null) {
            if (mediaType == null) {
                mediaType = ev.content().mediaType();
            }
            byte[] bytes = ev.content().bytesIfInMemory();
            Path spooled = ev.content() instanceof SpooledContent s ? s.spoolFile() : null;
            // a spooled body reaches the route as a file-backed StreamCache: Camel's stream caching keeps it as is
            // instead of reading it into memory again (the consumer deletes the file once the exchange is done)
            message.setBody(bytes != null ? bytes : spooled != null ? new FileInputStreamCache(spooled.toFile())
                    : ev.content().openStream());
        }
        v[LENGTH] = ev.contentLength();
        v[MEDIA_TYPE] = mediaType;
        // the consumer's messages come new (or reset) from the exchange factory, without body or headers. Camel's
        // default header map is a case-insensitive TreeMap: copied from a map sorted by the same comparator it is built
        // in one linear pass, instead of 13 inserts that each compare the long common prefix "CamelResourceSync" (a
        // tenth of the per-event cost in the listing profile)
        message.setHeaders(new SortedHeaders(v));
        ev.extraHeaders().forEach(message::setHeader);
    }

    /**
     * The event's headers as a read-only map sorted case-insensitively, for copying only. Headers without a value are
     * left out (reading them gives {@code null} as before).
     */
    private static final class SortedHeaders extends AbstractMap<String, Object> implements SortedMap<String, Object> {

        private final Object[] values;
        private final int size;

        SortedHeaders(Object[] values) {
            this.values = values;
            int n = 0;
            for (Object o : values) {
                if (o != null) {
                    n++;
                }
            }
            this.size = n;
        }

        @Override
        public Comparator<? super String> comparator() {
            return String.CASE_INSENSITIVE_ORDER;
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public Set<Entry<String, Object>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, Object>> iterator() {
                    return new Iterator<>() {
                        private int next = advance(0);

                        private int advance(int from) {
                            int i = from;
                            while (i < SORTED.length && values[SORTED[i]] == null) {
                                i++;
                            }
                            return i;
                        }

                        @Override
                        public boolean hasNext() {
                            return next < SORTED.length;
                        }

                        @Override
                        public Entry<String, Object> next() {
                            if (next >= SORTED.length) {
                                throw new NoSuchElementException();
                            }
                            int k = SORTED[next];
                            next = advance(next + 1);
                            return Map.entry(NAMES[k], values[k]);
                        }
                    };
                }

                @Override
                public int size() {
                    return size;
                }
            };
        }

        @Override
        public SortedMap<String, Object> subMap(String fromKey, String toKey) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SortedMap<String, Object> headMap(String toKey) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SortedMap<String, Object> tailMap(String fromKey) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String firstKey() {
            throw new UnsupportedOperationException();
        }

        @Override
        public String lastKey() {
            throw new UnsupportedOperationException();
        }
    }
}
