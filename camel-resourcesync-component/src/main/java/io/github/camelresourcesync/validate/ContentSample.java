package io.github.camelresourcesync.validate;

import io.github.camelresourcesync.http.HttpAnswer;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.PublishedLengthExceededException;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * A uniform sample of the resources of the Resource Lists (a Change List names past versions, and resources
 * deleted since: only a Resource List says what a resource is now) (reservoir sampling: {@code size} entries held whatever the number
 * listed; a fixed seed, so the same Source gives the same sample), whose contents are then fetched and compared with
 * what the lists say.
 */
final class ContentSample {

    private record Listed(URI loc, Long length, Hashes hashes, URI document, long line) {
    }

    private final int size;
    private final List<Listed> reservoir;
    private final SplittableRandom random = new SplittableRandom(27);
    private long seen;

    ContentSample(int size) {
        this.size = size;
        this.reservoir = new ArrayList<>(Math.min(size, 1024));
    }

    void offer(Entry e, URI document, long line) {
        if (size == 0) {
            return;
        }
        seen++;
        Listed listed = null;
        if (reservoir.size() < size) {
            listed = new Listed(e.loc(), e.md().length(), e.md().hash(), document, line);
            reservoir.add(listed);
        } else {
            long slot = random.nextLong(seen);
            if (slot < size) {
                reservoir.set((int) slot, new Listed(e.loc(), e.md().length(), e.md().hash(), document, line));
            }
        }
    }

    void check(HttpFetcher fetcher, Findings findings, ValidationReport report, BooleanSupplier going) {
        for (Listed l : reservoir) {
            if (!going.getAsBoolean()) {
                return;
            }
            report.resourceSampled();
            check(fetcher, findings, l);
        }
    }

    private static void check(HttpFetcher fetcher, Findings findings, Listed l) {
        String loc = l.loc().toString();
        long published = l.length() == null ? -1 : l.length();
        try (Content content = fetcher.fetchContent(l.loc(), l.hashes().digests().keySet(), published)) {
            if (l.length() != null && content.length() != l.length()) {
                findings.add(l.document(), loc, l.line(), Rule.CONTENT_LENGTH, "length " + l.length() + " as listed",
                        content.length() + " bytes served");
            }
            for (Map.Entry<String, String> d : l.hashes().digests().entrySet()) {
                String served = content.digests().get(d.getKey());
                if (served != null && !served.equals(d.getValue())) {
                    findings.add(l.document(), loc, l.line(), Rule.CONTENT_HASH, d.getKey() + ":" + d.getValue()
                            + " as listed", d.getKey() + ":" + served + " of the content served");
                }
            }
        } catch (PublishedLengthExceededException e) {
            findings.add(l.document(), loc, l.line(), Rule.CONTENT_LENGTH, "length " + l.length() + " as listed",
                    e.getMessage());
            return;
        } catch (IOException e) {
            findings.add(l.document(), loc, l.line(), Rule.CONTENT_UNREACHABLE, "an answer with the content",
                    e.getMessage());
            return;
        }
        if (l.loc().getScheme() != null && l.loc().getScheme().startsWith("http")) {
            try {
                HttpAnswer head = fetcher.send("HEAD", l.loc(), null, Map.of());
                if (head.ok() && head.header("Last-Modified") == null && head.header("ETag") == null) {
                    findings.add(l.document(), loc, l.line(), Rule.CONTENT_VALIDATORS,
                            "a Last-Modified or ETag header", "neither (HEAD answered " + head.status() + ")");
                }
            } catch (IOException e) {
                // the GET answered: a HEAD that cannot be had says nothing more
            }
        }
    }
}
