package io.github.camelresourcesync.examples.demo;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import io.github.camelresourcesync.examples.demo.SourceModel.Change;
import io.github.camelresourcesync.examples.demo.SourceModel.Resource;
import io.github.camelresourcesync.testsupport.SourceServer;
import io.github.camelresourcesync.testsupport.SourceServer.Answer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A live ResourceSync Source on loopback, for trying the component without a Source of one's own: the bundled sample
 * files ({@link DemoData}) published as {@link SourceDocuments}, with a history of changes already in its Change
 * Lists, and a timer that keeps creating, updating and deleting resources. Served by the testkit's
 * {@link SourceServer} (the server of the component tests' {@code TestSource} too): documents and resources carry an
 * ETag and answer {@code If-None-Match} with 304, resources carry {@code Last-Modified}.
 */
public final class DemoSource implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DemoSource.class);

    /**
     * How the demo Source behaves.
     *
     * @param port           loopback port; 0 for any free one. A taken port falls back to a free one
     * @param changeInterval milliseconds between changes; 0 for a Source that does not change by itself
     * @param changesPerList changes per Change List before it is closed and a new one opened
     * @param keptLists      closed Change Lists kept in the index
     * @param history        changes already in the Change Lists when the Source starts serving
     * @param minResources   the timer does not delete below this many resources
     * @param seed           seed of the choice of resources to update and delete
     * @param stateDirectory where the demo keeps its state, so a restart continues it (see {@link DemoState});
     *                       {@code null}: each start is a new Source with a new history
     */
    public record Settings(int port, long changeInterval, int changesPerList, int keptLists, int history,
                           int minResources, long seed, Path stateDirectory) {

        public static Settings defaults() {
            return new Settings(8765, 5000, 10, 20, 25, 10, 42, null);
        }

        public Settings withPort(int p) {
            return new Settings(p, changeInterval, changesPerList, keptLists, history, minResources, seed,
                    stateDirectory);
        }

        public Settings withChangeInterval(long millis) {
            return new Settings(port, millis, changesPerList, keptLists, history, minResources, seed, stateDirectory);
        }

        public Settings withChangesPerList(int n) {
            return new Settings(port, changeInterval, n, keptLists, history, minResources, seed, stateDirectory);
        }

        public Settings withHistory(int n) {
            return new Settings(port, changeInterval, changesPerList, keptLists, n, minResources, seed,
                    stateDirectory);
        }

        public Settings withStateDirectory(Path dir) {
            return new Settings(port, changeInterval, changesPerList, keptLists, history, minResources, seed, dir);
        }
    }

    private final Settings settings;
    private final SourceModel model;
    private final DemoChanges changes;
    private final SourceDocuments documents;
    private final SourceServer server;
    private final DemoTimer timer;

    private DemoSource(Settings settings, SourceServer server, Map<String, byte[]> data) throws IOException {
        this.settings = settings;
        this.server = server;
        URI base = server.base();
        DemoState.Restored restored = settings.stateDirectory() == null ? null
                : DemoState.load(settings.stateDirectory(), Clock.systemUTC(), settings.changesPerList(),
                        settings.keptLists());
        if (restored != null) {
            this.model = restored.model();
            this.documents = new SourceDocuments(model, base);
            this.changes = new DemoChanges(model, documents.folders(), settings.minResources(), settings.seed(),
                    restored.step());
            LOG.info("Demo Source: continuing from {} ({} changes so far)", DemoState.file(settings.stateDirectory()),
                    restored.step());
        } else {
            Instant start = Instant.now();
            this.model = new SourceModel(data, start, Clock.systemUTC(), settings.changesPerList(),
                    settings.keptLists());
            this.documents = new SourceDocuments(model, base);
            this.changes = new DemoChanges(model, documents.folders(), settings.minResources(), settings.seed());
            changes.makeHistory(start, settings.history());
            save();
        }
        this.timer = new DemoTimer("Demo Source", LOG, this::change);
    }

    /** Saves the state (when it has a state directory); a failure is logged, the demo goes on. */
    private void save() {
        if (settings.stateDirectory() == null) {
            return;
        }
        try {
            DemoState.save(settings.stateDirectory(), model, changes.count());
        } catch (IOException e) {
            LOG.warn("Demo Source: cannot save its state in {}: {}", settings.stateDirectory(), e.toString());
        }
    }

    /** Starts serving on {@code 127.0.0.1} and, unless the interval is 0, changing. */
    public static DemoSource start(Settings settings) throws IOException {
        return start(settings, DemoData.load());
    }

    /** Starts serving these resources (path under {@value DemoData#PREFIX} to content) instead of the bundled ones. */
    public static DemoSource start(Settings settings, Map<String, byte[]> data) throws IOException {
        AtomicReference<DemoSource> started = new AtomicReference<>();
        SourceServer server = SourceServer.builder().port(settings.port()).fallbackToFreePort(true).noDelay(true)
                .threads(4).threadName("demo-source-http").countRequests(false).onError(DemoSource::serverError)
                .start(path -> {
                    DemoSource s = started.get();
                    return s == null ? null : s.answer(path);
                });
        DemoSource source;
        try {
            source = new DemoSource(settings, server, data);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        started.set(source);
        source.timer.start(settings.changeInterval());
        LOG.info("Demo Source serving {} resources at {} (Source Description {}); {}",
                source.model.resources().size(), source.base(), source.uri(SourceDocuments.SOURCE_DESCRIPTION),
                settings.changeInterval() > 0 ? "it changes every " + settings.changeInterval() + " ms"
                        : "it holds still");
        return source;
    }

    private static void serverError(String what, Throwable e) {
        if (e == null) {
            LOG.warn("Demo Source: {}", what);
        } else {
            LOG.error("Demo Source: {}", what, e);
        }
    }

    /** {@code http://127.0.0.1:PORT/}. */
    public URI base() {
        return documents.base();
    }

    public URI uri(String path) {
        return base().resolve(path.startsWith("/") ? path.substring(1) : path);
    }

    public SourceModel model() {
        return model;
    }

    public SourceDocuments documents() {
        return documents;
    }

    public Settings settings() {
        return settings;
    }

    /** Changes made so far, the initial history included. */
    public int changeCount() {
        return changes.count();
    }

    /** The resources now: URL path to content. */
    public Map<String, byte[]> snapshot() {
        Map<String, byte[]> m = new LinkedHashMap<>();
        model.resources().forEach((path, r) -> m.put(path, r.content()));
        return m;
    }

    /** Stops (or resumes) the timer's changes, e.g. to compare a mirror with a Source that holds still. */
    public void pauseChanges(boolean pause) {
        timer.pause(pause);
    }

    private void change() {
        List<SourceModel.ChangeList> before = model.changeLists();
        Change c = changes.next();
        save();
        LOG.info("Demo Source: {} {}", c.type(), c.path());
        List<SourceModel.ChangeList> after = model.changeLists();
        int closed = before.get(before.size() - 1).number();
        if (after.get(after.size() - 1).number() != closed) {
            LOG.info("Demo Source: closed changelist-{}.xml ({} changes), opened changelist-{}.xml", closed,
                    settings.changesPerList(), closed + 1);
        }
    }

    /** The home page, a document, a resource, or {@code null} (404). */
    private Answer answer(String path) {
        if (path.equals("/")) {
            return Answer.bytes(homePage(), "text/html; charset=utf-8");
        }
        byte[] document = documents.render(path);
        if (document != null) {
            return Answer.document(document);
        }
        Resource r = model.resource(path);
        return r == null ? null : Answer.bytes(r.content(), r.mediaType()).lastModified(r.lastmod());
    }

    private byte[] homePage() {
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><head><title>camel-resourcesync demo Source"
                                               + "</title>\n<link rel=\"resourcesync\" href=\""
                                               + uri(SourceDocuments.SOURCE_DESCRIPTION) + "\">\n</head><body>\n"
                                               + "<h1>camel-resourcesync demo Source</h1>\n<ul>\n");
        for (String p : documents.paths()) {
            html.append("<li><a href=\"").append(p).append("\">").append(p).append("</a></li>\n");
        }
        html.append("</ul>\n</body></html>\n");
        return html.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Stops changing and serving. */
    @Override
    public void close() {
        timer.close(); // a change under way finishes (and is saved) before the state is saved once more
        save();
        server.close();
        LOG.info("Demo Source at {} stopped", base());
    }
}
