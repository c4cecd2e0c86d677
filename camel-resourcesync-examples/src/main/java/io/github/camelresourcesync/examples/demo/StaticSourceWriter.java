package io.github.camelresourcesync.examples.demo;

import java.io.IOException;
import java.net.URI;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.ChangeType;

/**
 * Writes the demo Source, as it is after its history of changes, into a directory that any static web server can
 * serve as a ResourceSync Source ({@code python3 -m http.server}, nginx, GitHub Pages...). Documents name their
 * resources by absolute URL, so the URL the directory will be served at is needed up front. With a period, it keeps
 * running and applies one demo change per period to the files (atomically replaced), so the static Source changes
 * like a real one.
 *
 * <pre>
 * StaticSourceWriter DIR BASE_URL [SECONDS]     e.g. /tmp/static-source http://127.0.0.1:8000/ 5
 * </pre>
 */
public final class StaticSourceWriter {

    private final Path dir;
    private final SourceModel model;
    private final SourceDocuments documents;
    private final DemoChanges changes;

    private StaticSourceWriter(Path dir, URI base, DemoSource.Settings settings) {
        this.dir = dir;
        Instant start = Instant.now();
        this.model = new SourceModel(DemoData.load(), start, Clock.systemUTC(), settings.changesPerList(),
                settings.keptLists());
        this.documents = new SourceDocuments(model, baseUrl(base));
        this.changes = new DemoChanges(model, documents.folders(), settings.minResources(), settings.seed());
        changes.makeHistory(start, settings.history());
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || args.length > 3) {
            System.err.println("Usage: StaticSourceWriter DIR BASE_URL [SECONDS]   (e.g. /tmp/static-source"
                               + " http://127.0.0.1:8000/ 5: with SECONDS, one change every SECONDS)");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        URI base = URI.create(args[1]);
        StaticSourceWriter writer = new StaticSourceWriter(dir, base, DemoSource.Settings.defaults());
        List<Path> written = writer.writeAll();
        System.out.println("Wrote " + written.size() + " files to " + dir.toAbsolutePath() + "; serve that directory"
                           + " at " + base + " and mirror "
                           + baseUrl(base).resolve(SourceDocuments.SOURCE_DESCRIPTION.substring(1)));
        if (args.length == 3) {
            long millis = (long) (Double.parseDouble(args[2]) * 1000);
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(millis);
                SourceModel.Change c = writer.changeOnce();
                System.out.println(c.type() + " " + c.path());
            }
        }
    }

    /**
     * Writes every document and resource under {@code dir} (created if missing), at the path of its URL.
     *
     * @return the files written
     */
    public static List<Path> write(Path dir, URI base, DemoSource.Settings settings) throws IOException {
        return new StaticSourceWriter(dir, base, settings).writeAll();
    }

    private List<Path> writeAll() throws IOException {
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, SourceModel.Resource> r : model.resources().entrySet()) {
            written.add(writeFile(r.getKey(), r.getValue().content()));
        }
        written.addAll(writeDocuments());
        return written;
    }

    /** One demo change: the resource file first, then the documents that list it. */
    private SourceModel.Change changeOnce() throws IOException {
        SourceModel.Change c = changes.next();
        if (c.type() == ChangeType.DELETED) {
            Files.deleteIfExists(dir.resolve(c.path().substring(1)));
        } else {
            writeFile(c.path(), model.resource(c.path()).content());
        }
        writeDocuments();
        return c;
    }

    private List<Path> writeDocuments() throws IOException {
        List<Path> written = new ArrayList<>();
        for (String path : documents.paths()) {
            written.add(writeFile(path, documents.render(path)));
        }
        return written;
    }

    private static URI baseUrl(URI base) {
        String s = base.toString();
        return s.endsWith("/") ? base : URI.create(s + "/");
    }

    /** Replaces the file atomically, so the web server never serves half a document. */
    private Path writeFile(String urlPath, byte[] content) throws IOException {
        Path file = dir.resolve(urlPath.substring(1));
        Files.createDirectories(file.getParent());
        Path tmp = Files.createTempFile(file.getParent(), ".write-", ".tmp");
        Files.write(tmp, content);
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }
}
