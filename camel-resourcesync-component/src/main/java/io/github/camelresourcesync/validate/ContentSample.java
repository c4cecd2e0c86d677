package io.github.camelresourcesync.validate;

import io.github.camelresourcesync.http.HttpAnswer;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.PublishedLengthExceededException;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;

/**
 * A uniform sample of the resources a Source describes, whichever documents describe them (Resource Lists, the
 * created and updated entries of Change Lists, the entries of Resource Dump and Change Dump manifests), whose contents
 * are then fetched and compared with the latest description of each.
 *
 * <p>
 * The sample is a bottom-k sketch over locations: the {@code size} locations with the smallest (seeded, 64-bit) hash
 * of their {@code loc}. The choice depends on the location only, not on the order documents are read or on how many
 * documents name a resource, so it is a uniform sample of the distinct resources, the same for the same Source. And
 * a location in the final sample was in it from the first entry that named it on (the threshold only falls), so
 * every description of it was seen: the one checked is the latest (by {@code rs:md datetime}/{@code lastmod} of a
 * change, the {@code at} of a snapshot), and a resource whose latest change is a deletion is not fetched. Memory: the
 * {@code size} descriptions and a map of them by location.
 */
final class ContentSample {

    /** What the latest description of a sampled location says it is. */
    private static final class Listed {
        final URI loc;
        final long hash;
        Instant asOf;
        Long length;
        Hashes hashes;
        URI document;
        long line;
        boolean deleted;

        Listed(URI loc, long hash) {
            this.loc = loc;
            this.hash = hash;
        }
    }

    private static final long SEED = 27;

    private final int size;
    private final Map<String, Listed> byLoc = new HashMap<>();
    /** the sample, the largest hash first: the one a location of a smaller hash evicts */
    private final PriorityQueue<Listed> largestFirst = new PriorityQueue<>(
            Comparator.comparingLong((Listed l) -> l.hash).reversed());

    ContentSample(int size) {
        this.size = size;
    }

    /**
     * @param asOf    when the description holds (a change's time, a snapshot's {@code at}); null when not known
     * @param deleted whether it says the resource was deleted
     */
    void offer(Entry e, URI document, long line, Instant asOf, boolean deleted) {
        if (size == 0) {
            return;
        }
        String key = e.loc().toString();
        Listed l = byLoc.get(key);
        if (l == null) {
            long hash = hash(key);
            if (largestFirst.size() >= size) {
                if (hash >= largestFirst.peek().hash) {
                    return;
                }
                byLoc.remove(largestFirst.poll().loc.toString());
            }
            l = new Listed(e.loc(), hash);
            byLoc.put(key, l);
            largestFirst.add(l);
        } else if (l.asOf != null && (asOf == null || asOf.isBefore(l.asOf))) {
            return; // an older description than the one held
        }
        l.asOf = asOf;
        l.length = e.md().length();
        l.hashes = e.md().hash();
        l.document = document;
        l.line = line;
        l.deleted = deleted;
    }

    /** FNV-1a over the UTF-16 units, finished with SplitMix64's mixer: cheap, and seeded so the sample is stable. */
    static long hash(String s) {
        long h = 0xcbf29ce484222325L ^ SEED;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
        h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
        return h ^ (h >>> 31);
    }

    void check(HttpFetcher fetcher, Findings findings, ValidationReport report, BooleanSupplier going) {
        List<Listed> sample = new ArrayList<>(largestFirst);
        sample.sort(Comparator.comparingLong(l -> l.hash));
        for (Listed l : sample) {
            if (l.deleted) {
                continue;
            }
            if (!going.getAsBoolean()) {
                return;
            }
            report.resourceSampled();
            check(fetcher, findings, l);
        }
    }

    private static void check(HttpFetcher fetcher, Findings findings, Listed l) {
        String loc = l.loc.toString();
        long published = l.length == null ? -1 : l.length;
        try (Content content = fetcher.fetchContent(l.loc, l.hashes.digests().keySet(), published)) {
            if (l.length != null && content.length() != l.length) {
                findings.add(l.document, loc, l.line, Rule.CONTENT_LENGTH, "length " + l.length + " as listed",
                        content.length() + " bytes served");
            }
            for (Map.Entry<String, String> d : l.hashes.digests().entrySet()) {
                String served = content.digests().get(d.getKey());
                if (served != null && !served.equals(d.getValue())) {
                    findings.add(l.document, loc, l.line, Rule.CONTENT_HASH, d.getKey() + ":" + d.getValue()
                            + " as listed", d.getKey() + ":" + served + " of the content served");
                }
            }
        } catch (PublishedLengthExceededException e) {
            findings.add(l.document, loc, l.line, Rule.CONTENT_LENGTH, "length " + l.length + " as listed",
                    e.getMessage());
            return;
        } catch (IOException e) {
            findings.add(l.document, loc, l.line, Rule.CONTENT_UNREACHABLE, "an answer with the content",
                    e.getMessage());
            return;
        }
        if (l.loc.getScheme() != null && l.loc.getScheme().startsWith("http")) {
            try {
                HttpAnswer head = fetcher.send("HEAD", l.loc, null, Map.of());
                if (head.ok() && head.header("Last-Modified") == null && head.header("ETag") == null) {
                    findings.add(l.document, loc, l.line, Rule.CONTENT_VALIDATORS,
                            "a Last-Modified or ETag header", "neither (HEAD answered " + head.status() + ")");
                }
            } catch (IOException e) {
                // the GET answered: a HEAD that cannot be had says nothing more
            }
        }
    }
}
