package io.github.camelresourcesync.peers;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import io.github.camelresourcesync.peers.PlainSitemaps.Doc;
import io.github.camelresourcesync.peers.PlainSitemaps.Item;

/**
 * The Python reference client {@code resync} ({@code resync-sync --baseline --delete --hash md5 URI DIR}, then
 * {@code --incremental}) as its source, docs/publisher.md and the project's specs/NOTES.md describe it, for tests:
 * it cannot be installed on the build machine. What it checks and where it differs from the specification:
 * <ul>
 * <li>baseline: {@code URI.well-known/resourcesync}, its single Capability List, the Resource List (an index is
 * read whole); an empty one aborts; every resource must be on the Source's host (authority) and under {@code URI}
 * (the mapping to {@code DIR}), else it aborts; resources differing in {@code lastmod} (to the second), md5 or length
 * are fetched, files no longer listed deleted; the resume point is the newest {@code lastmod} it downloaded, not the
 * list's {@code at};</li>
 * <li>incremental: it reads {@code URI/changelist.xml} itself (not through the Capability List); a Change List Index
 * there aborts; every change needs a {@code <lastmod>} (its change time, as in ResourceSync 1.0; {@code datetime},
 * {@code from} and {@code until} are not read), else it aborts; changes with {@code lastmod} before the resume point
 * are dropped, the last change per URI applied, and the newest {@code lastmod} listed becomes the resume point;</li>
 * <li>md5 ({@code --hash md5}) is compared for every download; the real client only logs a mismatch, this one
 * records it so a test fails on it.</li>
 * </ul>
 */
public final class ResyncEmulator {

    /** resync's ClientFatalError: the command stops and says why. */
    public static final class Fatal extends Exception {
        Fatal(String message) {
            super(message);
        }
    }

    /** A local file: its bytes and the mtime resync set from {@code lastmod}. */
    private record LocalFile(byte[] bytes, Instant mtime) {
    }

    private final URI base;
    private final URI sitemap;
    private final PlainSitemaps web = new PlainSitemaps();
    private final Map<URI, LocalFile> local = new TreeMap<>();
    private final List<String> md5Mismatches = new ArrayList<>();
    /** the client state file: the resume point, or null before a baseline wrote one */
    private Instant resumeAt;

    /** @param base the Source's URI as given on the command line (the mapping's source side) */
    public ResyncEmulator(URI base) {
        this.base = base.toString().endsWith("/") ? base : URI.create(base + "/");
        this.sitemap = this.base.resolve("resourcelist.xml");
    }

    public Map<URI, byte[]> local() {
        Map<URI, byte[]> out = new TreeMap<>();
        local.forEach((k, v) -> out.put(k, v.bytes()));
        return out;
    }

    public List<String> md5Mismatches() {
        return md5Mismatches;
    }

    public Instant resumeAt() {
        return resumeAt;
    }

    /** {@code resync-sync --baseline --delete --hash md5}. */
    public void baseline() throws IOException, Fatal {
        List<Item> resources = findResourceList();
        if (resources.isEmpty()) {
            throw new Fatal("Aborting as there are no resources to sync");
        }
        checkAuthorityAndMapping(resources, sitemap);
        Map<URI, Item> src = new LinkedHashMap<>();
        resources.forEach(r -> src.put(r.loc(), r));
        Instant last = null;
        for (Item r : src.values()) {
            LocalFile have = local.get(r.loc());
            if (have == null || !same(have, r)) {
                download(r);
                if (r.lastmod() != null && (last == null || r.lastmod().isAfter(last))) {
                    last = r.lastmod();
                }
            }
        }
        local.keySet().removeIf(uri -> !src.containsKey(uri));
        if (last != null) {
            resumeAt = last;
        }
    }

    /** {@code resync-sync --incremental --delete --hash md5}. */
    public void incremental() throws IOException, Fatal {
        if (resumeAt == null) {
            throw new Fatal("Cannot do incremental sync. No stored timestamp for this site, and no explicit --from.");
        }
        URI changeList = base.resolve("changelist.xml");
        Doc doc = web.read(changeList);
        if (doc.index()) {
            throw new Fatal("Can't read source change list from " + changeList + " (got sitemapindex when expecting"
                            + " sitemap)");
        }
        Instant last = null;
        for (Item c : doc.items()) {
            if (c.lastmod() == null) {
                throw new Fatal("Aborting - missing timestamp for change in " + changeList + ": " + c.loc());
            }
            last = last == null || c.lastmod().isAfter(last) ? c.lastmod() : last;
        }
        checkAuthorityAndMapping(doc.items(), changeList);
        // prune_before, then prune_dupes: the last change listed for each URI
        Map<URI, Item> changes = new LinkedHashMap<>();
        for (Item c : doc.items()) {
            if (!c.lastmod().isBefore(resumeAt)) {
                changes.remove(c.loc());
                changes.put(c.loc(), c);
            }
        }
        for (Item c : changes.values()) {
            String change = c.md("change");
            switch (Objects.requireNonNullElse(change, "")) {
                case "created", "updated" -> download(c);
                case "deleted" -> local.remove(c.loc());
                default -> throw new Fatal("Unknown change type " + change);
            }
        }
        if (last != null) {
            resumeAt = last;
        }
    }

    private List<Item> findResourceList() throws IOException, Fatal {
        URI sd = sitemap.resolve(".well-known/resourcesync");
        Doc description = web.read(sd);
        if (description.items().size() != 1) {
            throw new Fatal("Source description " + sd + " has " + description.items().size()
                            + " sources, specify one with --capabilitylist");
        }
        Doc caps = web.read(description.items().get(0).loc());
        URI resourceList = caps.items().stream().filter(i -> "resourcelist".equals(i.md("capability")))
                .map(Item::loc).findFirst()
                .orElseThrow(() -> new Fatal("Capability list " + caps.uri() + " does not describe a resource list"));
        Doc rl = web.read(resourceList);
        if (!rl.index()) {
            return rl.items();
        }
        List<Item> all = new ArrayList<>();
        for (Item part : rl.items()) {
            all.addAll(web.read(part.loc()).items());
        }
        return all;
    }

    /** Authority (non-strict): same scheme and host, or a subdomain; mapping: under the base URI. */
    private void checkAuthorityAndMapping(List<Item> items, URI master) throws Fatal {
        for (Item i : items) {
            URI u = i.loc();
            boolean sameServer = Objects.equals(u.getScheme(), master.getScheme())
                                 && (Objects.equals(u.getRawAuthority(), master.getRawAuthority())
                                     || u.getRawAuthority().endsWith("." + master.getRawAuthority()));
            if (!sameServer) {
                throw new Fatal("Aborting as sitemap (" + master + ") mentions resource at a location it does not"
                                + " have authority over (" + u + "), override with --noauth");
            }
            if (!u.toString().startsWith(base.toString())) {
                throw new Fatal("Cannot map " + u + " to a local file: it is not under " + base);
            }
        }
    }

    /** resync's Resource equality: lastmod within a second, md5 and length where both have them. */
    private static boolean same(LocalFile have, Item r) {
        if (have.mtime() != null || r.lastmod() != null) {
            if (have.mtime() == null || r.lastmod() == null
                || Duration.between(have.mtime(), r.lastmod()).abs().compareTo(Duration.ofSeconds(1)) >= 0) {
                return false;
            }
        }
        String md5 = md5Of(r);
        if (md5 != null && !md5.equals(PlainSitemaps.digest("MD5", have.bytes()))) {
            return false;
        }
        String length = r.md("length");
        return length == null || Long.parseLong(length) == have.bytes().length;
    }

    private void download(Item r) throws IOException {
        byte[] bytes = web.get(r.loc());
        // os.utime(int(timestamp)): whole seconds
        Instant mtime = r.lastmod() == null ? null : Instant.ofEpochSecond(r.lastmod().getEpochSecond());
        local.put(r.loc(), new LocalFile(bytes, mtime));
        String md5 = md5Of(r);
        if (md5 != null && !md5.equals(PlainSitemaps.digest("MD5", bytes))) {
            md5Mismatches.add(r.loc() + ": expected md5 " + md5);
        }
    }

    /** resync reads {@code hash} split on whitespace, each token on its first ':'. */
    private static String md5Of(Item r) {
        String hash = r.md("hash");
        if (hash == null) {
            return null;
        }
        for (String token : hash.trim().split("\\s+")) {
            int colon = token.indexOf(':');
            if (colon > 0 && token.substring(0, colon).equals("md5")) {
                return token.substring(colon + 1);
            }
        }
        return null;
    }
}
