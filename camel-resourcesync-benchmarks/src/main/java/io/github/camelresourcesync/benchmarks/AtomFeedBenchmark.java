package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import io.github.camelresourcesync.bridge.atompmh.AtomHarvester;
import io.github.camelresourcesync.bridge.atompmh.AtomPmhOptions;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.EventRun;
import io.github.camelresourcesync.model.PendingEvent;
import io.github.camelresourcesync.state.MVStoreStateStore;
import io.github.camelresourcesync.state.SyncStateStore;

/**
 * Harvests a generated Atom-PMH archive chain ({@code documents} x {@code entriesPerDocument} records, served as
 * static files) with the plain-Java harvester, metadata only, into an embedded MVStore: the first harvest (the whole
 * chain), then an incremental one after a new subscription document with one document's worth of new entries, then
 * an idle one (nothing new).
 * Prints wall time, events per second and peak heap of each.
 *
 * <pre>
 * mvn -B -q -pl camel-resourcesync-benchmarks compile exec:exec@atom -Datom.args="200 500 jdk"
 * </pre>
 */
public final class AtomFeedBenchmark {

    private AtomFeedBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int documents = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int perDocument = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        String serverPreference = args.length > 2 ? args[2] : "auto";
        Path work = Files.createTempDirectory("atom-bench");
        Path root = work.resolve("www");
        writeChain(root, documents, perDocument);
        System.out.println("ATOM documents=" + documents + " entriesPerDocument=" + perDocument + " maxHeap="
                           + Machine.mb(Runtime.getRuntime().maxMemory()) + " cpus=" + Machine.nproc());
        try (StaticServer server = StaticServer.start(root, work, serverPreference);
             HttpFetcher fetcher = new HttpFetcher(new FetcherConfig());
             SyncStateStore store = new MVStoreStateStore(work.resolve("state.mv.db"))) {
            store.start();
            URI feed = URI.create(server.baseUrl() + "feed.xml");
            AtomHarvester harvester = new AtomHarvester(feed, new AtomPmhOptions().fetchContent(false), fetcher,
                    store);
            System.out.println("SERVER " + server.description());
            measure("first", harvester);
            // the publisher archives the subscription document and starts a new one with perDocument new entries
            Files.move(root.resolve("feed.xml"), root.resolve("archive/" + (documents - 1) + ".xml"));
            Files.writeString(root.resolve("feed.xml"), document(documents, perDocument, true),
                    StandardCharsets.UTF_8);
            measure("incremental", harvester);
            // nothing new: the usual poll
            measure("idle", harvester);
        }
    }

    private static void measure(String name, AtomHarvester harvester) throws IOException {
        long[] events = { 0 };
        try (HeapMonitor heap = new HeapMonitor(() -> events[0], 0)) {
            long start = System.nanoTime();
            long planned;
            try (EventRun run = harvester.startRun(0)) {
                planned = System.nanoTime();
                while (run.hasMore()) {
                    PendingEvent p = run.next();
                    if (p == null) {
                        break;
                    }
                    run.delivered(p);
                    events[0]++;
                    run.flushIfDue();
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("RESULT %s events=%d seconds=%.3f walkAndPlanSeconds=%.3f rate=%.0f peakUsed=%s"
                              + " peakAfterGc=%s%n", name, events[0], seconds, (planned - start) / 1e9,
                    events[0] / seconds, Machine.mb(heap.peakUsed()), Machine.mb(heap.peakAfterGc()));
        }
    }

    private static void writeChain(Path root, int documents, int perDocument) throws IOException {
        Files.createDirectories(root.resolve("archive"));
        for (int d = 0; d < documents; d++) {
            boolean last = d == documents - 1;
            Path file = last ? root.resolve("feed.xml") : root.resolve("archive/" + d + ".xml");
            Files.writeString(file, document(d, perDocument, d > 0), StandardCharsets.UTF_8);
        }
    }

    /** Document {@code d} holds records {@code d*n .. d*n+n-1}, one second apart; it links to document d-1. */
    private static String document(int d, int n, boolean hasPrevious) {
        Instant t0 = Instant.parse("2024-01-01T00:00:00Z");
        StringBuilder sb = new StringBuilder(n * 300);
        sb.append("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">")
                .append("<id>urn:bench</id><title>bench</title><updated>")
                .append(t0.plusSeconds((long) d * n + n - 1)).append("</updated>");
        if (hasPrevious) {
            sb.append("<link rel=\"prev-archive\" href=\"/archive/").append(d - 1).append(".xml\"/>");
        }
        for (int i = 0; i < n; i++) {
            long r = (long) d * n + i;
            sb.append("\n<entry><title>Record ").append(r).append("</title><id>urn:rec:").append(r)
                    .append("</id><updated>").append(t0.plusSeconds(r)).append("</updated>")
                    .append("<link rel=\"alternate\" type=\"application/atom+xml\" href=\"/records/").append(r)
                    .append(".atom\"/><link rel=\"alternate\" type=\"application/rifcs+xml\" href=\"/records/")
                    .append(r).append(".rifcs\"/></entry>");
        }
        return sb.append("\n</feed>\n").toString();
    }
}
