package io.github.camelresourcesync.examples.demo;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes the demo Source, as it is after its history of changes, into a directory that any static web server can
 * serve as a ResourceSync Source ({@code python3 -m http.server}, nginx, GitHub Pages...). Documents name their
 * resources by absolute URL, so the URL the directory will be served at is needed up front.
 *
 * <pre>
 * StaticSourceWriter DIR BASE_URL      e.g. /tmp/static-source http://127.0.0.1:8000/
 * </pre>
 */
public final class StaticSourceWriter {

    private StaticSourceWriter() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("Usage: StaticSourceWriter DIR BASE_URL   (e.g. /tmp/static-source"
                               + " http://127.0.0.1:8000/)");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        List<Path> written = write(dir, URI.create(args[1]), DemoSource.Settings.defaults());
        System.out.println("Wrote " + written.size() + " files to " + dir.toAbsolutePath() + "; serve that directory"
                           + " at " + args[1] + " and mirror " + baseUrl(URI.create(args[1]))
                                   .resolve(SourceDocuments.SOURCE_DESCRIPTION.substring(1)));
    }

    /**
     * Writes every document and resource under {@code dir} (created if missing), at the path of its URL.
     *
     * @return the files written
     */
    public static List<Path> write(Path dir, URI base, DemoSource.Settings settings) throws IOException {
        URI root = baseUrl(base);
        Instant start = Instant.now();
        SourceModel model = new SourceModel(DemoData.load(), start, Clock.systemUTC(), settings.changesPerList(),
                settings.keptLists());
        SourceDocuments documents = new SourceDocuments(model, root);
        new DemoChanges(model, documents.folders(), settings.minResources(), settings.seed())
                .makeHistory(start, settings.history());

        List<Path> written = new ArrayList<>();
        for (String path : documents.paths()) {
            written.add(writeFile(dir, path, documents.render(path)));
        }
        for (Map.Entry<String, SourceModel.Resource> r : model.resources().entrySet()) {
            written.add(writeFile(dir, r.getKey(), r.getValue().content()));
        }
        return written;
    }

    private static URI baseUrl(URI base) {
        String s = base.toString();
        return s.endsWith("/") ? base : URI.create(s + "/");
    }

    private static Path writeFile(Path dir, String urlPath, byte[] content) throws IOException {
        Path file = dir.resolve(urlPath.substring(1));
        Files.createDirectories(file.getParent());
        return Files.write(file, content);
    }
}
