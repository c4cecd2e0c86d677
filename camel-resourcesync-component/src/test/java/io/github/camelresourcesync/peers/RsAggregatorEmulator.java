package io.github.camelresourcesync.peers;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.github.camelresourcesync.peers.PlainSitemaps.Doc;
import io.github.camelresourcesync.peers.PlainSitemaps.Item;

/**
 * rs-aggregator (the Java Destination of EHRI/DANS) as issue 17 describes it, for tests: it cannot be installed on
 * the build machine. Each run starts at the configured Capability List, reads every document below it (following
 * Resource List and Change List indexes), keeps the latest item per URI (by {@code datetime}, else the list's
 * {@code at} or {@code from}, then {@code lastmod}) and applies it to the local copy: a deletion removes the copy,
 * anything else is verified and downloaded (up to three tries) until it verifies. What it does wrong, on purpose:
 * <ul>
 * <li>{@code hash} is split on {@code :}, the first part taken as the algorithm and the second as the value, so
 * {@code md5:abc sha-256:def} is checked as md5 {@code "abc sha-256"} and never verifies;</li>
 * <li>a Change List without {@code from} is an error (nothing is synchronized);</li>
 * <li>an open Change List without {@code until} is skipped;</li>
 * <li>any capability it does not know ({@code resourcedump}, {@code changedump}, notification channels) stops the
 * run: nothing is synchronized.</li>
 * </ul>
 */
public final class RsAggregatorEmulator {

    private static final Set<String> KNOWN = Set.of("resourcelist", "changelist");
    private static final int DOWNLOAD_TRIES = 3;

    /** What one run did. {@code synchronizedFully}: no error and every item verified. */
    public record Run(List<String> errors, List<URI> skippedLists, int verified, int failures, int downloads, int deleted) {

        public boolean synchronizedFully() {
            return errors.isEmpty() && failures == 0;
        }
    }

    private final URI capabilityList;
    private final PlainSitemaps web = new PlainSitemaps();
    /** the local copies, by URI */
    private final Map<URI, byte[]> local = new TreeMap<>();

    public RsAggregatorEmulator(URI capabilityList) {
        this.capabilityList = capabilityList;
    }

    public Map<URI, byte[]> local() {
        return local;
    }

    /** One scheduled run. */
    public Run run() throws IOException {
        List<String> errors = new ArrayList<>();
        List<URI> skipped = new ArrayList<>();
        Map<URI, Timed> latest = new LinkedHashMap<>();
        Doc caps = web.read(capabilityList);
        for (Item entry : caps.items()) {
            String capability = entry.md("capability");
            if (!KNOWN.contains(capability)) {
                errors.add("Cannot handle capability " + capability + " : " + entry.loc());
                continue;
            }
            collect(entry.loc(), errors, skipped, latest);
        }
        if (!errors.isEmpty()) {
            // "Not synchronizing because of previous errors"
            return new Run(errors, skipped, 0, 0, 0, 0);
        }
        int verified = 0;
        int failures = 0;
        int downloads = 0;
        int deleted = 0;
        for (Map.Entry<URI, Timed> e : latest.entrySet()) {
            URI uri = e.getKey();
            Item item = e.getValue().item();
            if ("deleted".equals(item.md("change"))) {
                if (local.remove(uri) != null) {
                    deleted++;
                }
                continue;
            }
            if (local.containsKey(uri) && verifies(item, local.get(uri))) {
                verified++;
                continue;
            }
            boolean ok = false;
            for (int i = 0; i < DOWNLOAD_TRIES && !ok; i++) {
                byte[] bytes;
                try {
                    bytes = web.get(uri);
                } catch (PlainSitemaps.FetchFailed failed) {
                    break; // "Failed download": the local copy, if any, stays
                }
                downloads++;
                local.put(uri, bytes); // kept whether it verifies or not, as rs-aggregator does
                ok = verifies(item, bytes);
            }
            if (ok) {
                verified++;
            } else {
                failures++;
            }
        }
        return new Run(errors, skipped, verified, failures, downloads, deleted);
    }

    private void collect(URI uri, List<String> errors, List<URI> skipped, Map<URI, Timed> latest) throws IOException {
        Doc doc;
        try {
            doc = web.read(uri);
        } catch (IOException e) {
            errors.add(e.getMessage());
            return;
        }
        String capability = doc.capability();
        if (!KNOWN.contains(capability)) {
            errors.add("Cannot handle urlsets with capability " + capability + " : " + uri);
            return;
        }
        if (doc.index()) {
            for (Item child : doc.items()) {
                collect(child.loc(), errors, skipped, latest);
            }
            return;
        }
        if ("resourcelist".equals(capability)) {
            Instant at = doc.time("at");
            if (at == null) {
                errors.add("Missing required md:at attribute on resourceList: " + uri);
                return;
            }
            for (Item item : doc.items()) {
                merge(latest, item, item.time("datetime") != null ? item.time("datetime") : at);
            }
        } else {
            Instant from = doc.time("from");
            if (from == null) {
                errors.add("Missing required md:from attribute on changeList: " + uri);
                return;
            }
            if (doc.time("until") == null) {
                skipped.add(uri);
                return;
            }
            for (Item item : doc.items()) {
                if (item.md("change") == null) {
                    errors.add("Missing required md:change attribute on changeList: " + uri);
                    return;
                }
                merge(latest, item, item.time("datetime") != null ? item.time("datetime") : from);
            }
        }
    }

    /** The item with the later time wins; equal times: the later lastmod; still equal: the one read last. */
    private static void merge(Map<URI, Timed> latest, Item item, Instant time) {
        latest.merge(item.loc(), new Timed(item, time), (old, next) -> old.isAfter(next) ? old : next);
    }

    private record Timed(Item item, Instant time) {

        boolean isAfter(Timed other) {
            int c = time.compareTo(other.time);
            if (c != 0) {
                return c > 0;
            }
            return item.lastmod() != null && other.item.lastmod() != null
                   && item.lastmod().isAfter(other.item.lastmod());
        }
    }

    /** The hash decides when there is one (split on ':'); else the length. */
    private static boolean verifies(Item item, byte[] bytes) {
        String hash = item.md("hash");
        if (hash != null) {
            String algorithm = "md5";
            String value = hash;
            String[] split = hash.split(":");
            if (split.length > 1) {
                algorithm = split[0];
                value = split[1];
            }
            String computed = PlainSitemaps.digest(algorithm, bytes);
            return computed != null && computed.equalsIgnoreCase(value);
        }
        String length = item.md("length");
        return length != null && Long.parseLong(length) == bytes.length;
    }
}
