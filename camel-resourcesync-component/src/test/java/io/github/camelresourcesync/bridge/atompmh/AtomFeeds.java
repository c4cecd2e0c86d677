package io.github.camelresourcesync.bridge.atompmh;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.model.SyncEvent;

/** Small Atom feeds for tests, and a harvest that delivers every event like a route whose exchanges all complete. */
final class AtomFeeds {

    static final String HEAD = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
                               + "<feed xmlns=\"http://www.w3.org/2005/Atom\""
                               + " xmlns:fh=\"http://purl.org/syndication/history/1.0\""
                               + " xmlns:at=\"http://purl.org/atompub/tombstones/1.0\">\n"
                               + "  <id>urn:test:feed</id><title>test</title>\n";

    private AtomFeeds() {
    }

    /** A feed document: {@code head} holds feed-level elements ({@code <updated>}, links, {@code <fh:complete/>}). */
    static String feed(String head, String... entries) {
        StringBuilder sb = new StringBuilder(HEAD).append(head).append('\n');
        for (String e : entries) {
            sb.append(e).append('\n');
        }
        return sb.append("</feed>\n").toString();
    }

    static String updated(String time) {
        return "<updated>" + time + "</updated>";
    }

    static String prevArchive(String href) {
        return "<link rel=\"prev-archive\" href=\"" + href + "\"/>";
    }

    static String entry(String id, String time, String href) {
        return "<entry><title>Record " + id + "</title><id>" + id + "</id><updated>" + time + "</updated>"
               + "<link rel=\"alternate\" type=\"application/atom+xml\" href=\"" + href + "\"/></entry>";
    }

    static String deletion(String id, String time) {
        return "<entry><title>deleted</title><id>" + id + "</id><updated>" + time + "</updated><content/></entry>";
    }

    static String tombstone(String id, String when) {
        return "<at:deleted-entry ref=\"" + id + "\" when=\"" + when + "\"/>";
    }

    static FetcherConfig fastConfig() {
        return new FetcherConfig().allowedHosts(AllowedHosts.ANY).connectTimeout(Duration.ofSeconds(2)).readTimeout(Duration.ofSeconds(5))
                .retryInitialDelay(Duration.ofMillis(5)).retryMaxDelay(Duration.ofMillis(20)).maxRetries(1);
    }

    /** A spec example from the test resources, with {@code http://example.org} pointing at {@code base}. */
    static String specExample(String name, URI base) {
        try (InputStream in = AtomFeeds.class.getResourceAsStream("/atompmh/spec/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("http://example.org", base.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs one harvest, delivering every event, and returns them; a failed event stops it, as a route would. */
    static Harvest harvest(AtomHarvester harvester, long maxEvents) throws IOException {
        Harvest h = new Harvest();
        try (EventRun run = harvester.startRun(maxEvents)) {
            while (run.hasMore()) {
                PendingEvent p = run.next();
                if (p == null) {
                    break;
                }
                if (p.failed()) {
                    h.failure = p.failure();
                    run.stop(p);
                    break;
                }
                h.events.add(p.event());
                h.bodies.add(p.event().content() == null ? null : readBody(p));
                p.discard();
                run.delivered(p);
            }
        }
        return h;
    }

    static Harvest harvest(AtomHarvester harvester) throws IOException {
        return harvest(harvester, 0);
    }

    private static String readBody(PendingEvent p) throws IOException {
        try (InputStream in = p.event().content().openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** What a harvest delivered. */
    static final class Harvest {
        final List<SyncEvent> events = new ArrayList<>();
        final List<String> bodies = new ArrayList<>();
        Exception failure;

        /** {@code change atomId} per event, in order. */
        List<String> changes() {
            return events.stream().map(e -> e.change().value() + " " + e.extraHeaders().get(AtomPmhEvents.ATOM_ID))
                    .toList();
        }
    }
}
