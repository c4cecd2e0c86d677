package io.github.camelresourcesync.validate;

import io.github.camelresourcesync.dump.Bitstream;
import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.dump.DumpPackage;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.PublishedLengthExceededException;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.xml.SitemapReader;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * Downloads one dump package and checks it whole with the harvester's own {@link DumpPackage} (names and paths
 * confined, manifest read, every listed bitstream present with its size, limits), then what only a validator asks:
 * the package's length and digests as listed, a digest for every bitstream.
 */
final class DumpCheck {

    private final HttpFetcher fetcher;
    private final SitemapReader reader;
    private final Findings findings;
    private final EntryChecks checks;
    private final Path spool;

    DumpCheck(HttpFetcher fetcher, SitemapReader reader, Findings findings, EntryChecks checks, Path spool) {
        this.fetcher = fetcher;
        this.reader = reader;
        this.findings = findings;
        this.checks = checks;
        this.spool = spool;
    }

    /** Checks of a manifest entry, whether read from the published manifest or from the package. */
    static void manifestEntry(Findings findings, URI manifest, Entry e, long line, boolean deletion) {
        String loc = e.loc().toString();
        String path = e.md().path();
        if (path == null) {
            if (!deletion) {
                findings.add(manifest, loc, line, Rule.DUMP_PATH, "a path to the bitstream in the package",
                        "no rs:md path");
            }
        } else if (!path.startsWith("/") || path.contains("/../") || path.endsWith("/..") || path.contains("\\")) {
            findings.add(manifest, loc, line, Rule.DUMP_PATH, "a path starting with / that stays inside the package",
                    "path \"" + path + "\"");
        }
        if (!deletion && e.md().hash().isEmpty()) {
            findings.add(manifest, loc, line, Rule.DUMP_HASH, "rs:md hash=\"...\" on the bitstream", "no hash");
        }
    }

    /** @param packageEntry an entry of a Resource Dump or Change Dump: the package */
    void check(URI dump, Entry packageEntry, long line) {
        URI packageUri = packageEntry.loc();
        String loc = packageUri.toString();
        Link contents = packageEntry.link("contents");
        Path file = null;
        try (Content content = fetcher.fetchContent(packageUri, packageEntry.md().hash().digests().keySet(),
                packageEntry.md().length() == null ? -1 : packageEntry.md().length())) {
            Long listed = packageEntry.md().length();
            if (listed != null && listed != content.length()) {
                findings.add(dump, loc, line, Rule.DUMP_SIZE, "length " + listed + " as listed",
                        content.length() + " bytes served");
            }
            for (Map.Entry<String, String> d : packageEntry.md().hash().digests().entrySet()) {
                String served = content.digests().get(d.getKey());
                if (served != null && !served.equals(d.getValue())) {
                    findings.add(dump, loc, line, Rule.CONTENT_HASH, d.getKey() + ":" + d.getValue() + " as listed",
                            d.getKey() + ":" + served + " of the package served");
                }
            }
            file = Files.createTempFile(spool, "resourcesync-validate-", ".zip");
            try (InputStream in = content.openStream()) {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (PublishedLengthExceededException e) {
            findings.add(dump, loc, line, Rule.DUMP_SIZE, "length " + packageEntry.md().length() + " as listed",
                    e.getMessage());
            deleteQuietly(file);
            return;
        } catch (IOException e) {
            findings.add(dump, loc, line, Rule.DUMP_PACKAGE, "a package that can be downloaded", e.getMessage());
            deleteQuietly(file);
            return;
        }
        try (DumpPackage pkg = DumpPackage.open(file, packageUri, contents != null ? contents.href() : packageUri,
                reader, DumpLimits.DEFAULTS)) {
            URI manifest = packageUri.resolve("manifest.xml");
            for (Bitstream b : pkg.bitstreams()) {
                Entry e = b.entry();
                manifestEntry(findings, b.manifest() != null ? b.manifest() : manifest, e, -1,
                        "deleted".equals(e.md().change()));
                checks.hashes(b.manifest(), e.loc().toString(), -1, e.md().hash());
            }
        } catch (IOException e) {
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            boolean path = message.contains("would escape the package") || message.contains("has no path");
            findings.add(dump, loc, line, path ? Rule.DUMP_PATH : message.contains("bytes but the manifest gives")
                    ? Rule.DUMP_SIZE : Rule.DUMP_PACKAGE, null, message);
        } finally {
            deleteQuietly(file);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            file.toFile().deleteOnExit();
        }
    }
}
