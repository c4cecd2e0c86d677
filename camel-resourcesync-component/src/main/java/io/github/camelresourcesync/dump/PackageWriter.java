package io.github.camelresourcesync.dump;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import io.github.camelresourcesync.model.DocumentHeader.RootElement;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.xml.SitemapWriter;

/**
 * Writes a ResourceSync dump package: a ZIP whose bitstreams sit at the {@code rs:md path} of their manifest entries,
 * and the manifest ({@code resourcedump-manifest} or {@code changedump-manifest}) as {@code manifest.xml}. Streams:
 * each bitstream is copied from its file and the manifest is written entry by entry, so memory does not grow with
 * the package.
 */
public final class PackageWriter {

    /** The manifest's name inside the package, as the specification's examples and {@code resync} use. */
    public static final String MANIFEST = "manifest.xml";

    /**
     * One manifest entry and, unless it is a deletion, the file holding its bitstream.
     *
     * @param entry its {@code rs:md path} (starting with {@code /}) names the bitstream in the package
     * @param file  the bitstream, or null when the entry has none (a deletion in a Change Dump)
     */
    public record Item(Entry entry, Path file) {
    }

    private PackageWriter() {
    }

    /**
     * Writes the package. {@code items} is iterated twice (bitstreams, then manifest), so it may be a view over a
     * store rather than a list in memory.
     *
     * @param manifestMd    the manifest's document {@code rs:md} (capability, {@code at} or {@code from}/{@code until})
     * @param manifestLinks the manifest's document links (e.g. {@code up} to the Capability List)
     */
    public static void write(OutputStream out, Metadata manifestMd, List<Link> manifestLinks, Iterable<Item> items)
            throws IOException {
        ZipOutputStream zip = new ZipOutputStream(out);
        for (Item item : items) {
            if (item.file() == null) {
                continue;
            }
            String path = item.entry().md().path();
            // the rules DumpPackage reads by: a package written here must open there
            String why = path == null ? "no path" : PackagePaths.unsafeManifestPath(path);
            if (why != null) {
                throw new IllegalArgumentException("dump package: bitstream of " + item.entry().loc()
                                                   + " needs an rs:md path starting with '/' inside the package, not "
                                                   + path + " (" + why + ")");
            }
            zip.putNextEntry(new ZipEntry(path.substring(1)));
            Files.copy(item.file(), zip);
            zip.closeEntry();
        }
        zip.putNextEntry(new ZipEntry(MANIFEST));
        SitemapWriter writer = new SitemapWriter(zip, RootElement.URLSET, manifestMd, manifestLinks);
        for (Item item : items) {
            writer.write(item.entry());
        }
        writer.close();
        zip.closeEntry();
        zip.finish();
    }
}
