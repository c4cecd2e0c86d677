package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Set;

import io.github.camelresourcesync.dump.Bitstream;
import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.xml.SitemapDocument;

/**
 * An incremental pass from Change Dumps: the packages of each Change Dump (archived ones first, oldest first), and in
 * each package the changes of its manifest after the resume point, in manifest order (stable-sorted by time, so a
 * manifest in order keeps it exactly), each with its body read from the package and verified. Unlike a Change List,
 * every version of a resource changed twice is in the package, so each change is delivered, not only the newest.
 *
 * <p>
 * A package is downloaded and checked as a whole before its first change becomes an event: a package that fails (its
 * own length or hash, unsafe paths, limits) throws and delivers nothing, so the resume point stays before it.
 */
final class ChangeDumpSteps extends IncrementalPass {

    private static final Comparator<Bitstream> BY_TIME = Comparator.comparing(b -> b.entry().changeTime(),
            Comparator.nullsLast(Comparator.naturalOrder()));

    /** A Change Dump to read; its package entries are read when the pass reaches it, unless known already. */
    private record Dump(URI uri, List<Entry> packages, Validators validators) {
    }

    private final Deque<Dump> dumps = new ArrayDeque<>();

    private Dump dump;
    private final Deque<Entry> packages = new ArrayDeque<>();
    private final PackageReading reading;

    private ChangeDumpSteps(DiscoveredSource source, URI changeDump, HarvestContext ctx) {
        super(source, changeDump, ctx, ctx.buffer().source(source.key()));
        this.reading = new PackageReading(ctx.packages());
    }

    /** Reads the Change Dump's package entries and plans the pass; nothing is downloaded yet. */
    static ChangeDumpSteps plan(DiscoveredSource source, URI changeDump, HarvestContext ctx) throws IOException {
        ChangeDumpSteps steps = new ChangeDumpSteps(source, changeDump, ctx);
        DocumentLoader.Opened root = ctx.loader().openIfChanged(changeDump, Capability.CHANGEDUMP, true);
        if (root != null) {
            Dump current = steps.read(root);
            steps.dumps.add(current);
            steps.coverageStart = root.document().header().md().from();
            if (!current.packages().isEmpty() && current.packages().get(0).md().from() != null) {
                steps.coverageStart = current.packages().get(0).md().from();
            }
        }
        return steps;
    }

    @Override
    Set<URI> listed() {
        return Set.of(document());
    }

    /** Reads archived Change Dumps (oldest first) before the current one, closing the gap before it. */
    @Override
    void replayFirst(List<Entry> archivedDumps) {
        for (int i = archivedDumps.size() - 1; i >= 0; i--) {
            dumps.addFirst(new Dump(archivedDumps.get(i).loc(), null, Validators.NONE));
        }
        if (!archivedDumps.isEmpty()) {
            coverageStart = archivedDumps.get(0).md().from();
        }
    }

    private Dump read(DocumentLoader.Opened opened) throws IOException {
        List<Entry> entries = new ArrayList<>();
        try (SitemapDocument doc = opened.document()) {
            for (Entry e = doc.next(); e != null; e = doc.next()) {
                ctx.progress().entryRead();
                entries.add(e);
            }
        }
        entries.sort(Comparator.comparing((Entry e) -> e.md().from(), Comparator.nullsFirst(Comparator.naturalOrder())));
        return new Dump(opened.uri(), entries, opened.validators());
    }

    @Override
    public Step next() throws IOException {
        while (true) {
            Bitstream b = reading.next();
            if (b != null) {
                Entry e = b.entry();
                ctx.progress().entryRead();
                if (IncrementalSteps.isAfter(e, resumeTime, resumeIds)) {
                    PackageLoader.Opened pkg = reading.pkg();
                    return IncrementalSteps.changeStep(ctx, source.key(), generation, e, pkg.dump().packageUri(),
                            Capability.CHANGEDUMP.value(),
                            ev -> ctx.options().fetchContent() ? reading.read(pkg, b, ev) : null, false);
                }
                continue;
            }
            reading.finish();
            if (!packages.isEmpty()) {
                openPackage(packages.poll());
                continue;
            }
            if (dump != null) {
                Dump done = dump;
                dump = null;
                return Step.marker((buffer, ev) -> ctx.loader().markProcessed(done.uri(), done.validators()));
            }
            if (dumps.isEmpty()) {
                return null;
            }
            dump = dumps.poll();
            if (dump.packages() == null) {
                DocumentLoader.Opened opened = ctx.loader().openIfChanged(dump.uri(), Capability.CHANGEDUMP, true);
                if (opened == null) {
                    dump = null;
                    continue;
                }
                dump = read(opened);
            }
            packages.addAll(dump.packages());
        }
    }

    private void openPackage(Entry pkg) throws IOException {
        Instant until = pkg.md().until();
        if (until != null && resumeTime != null && until.isBefore(resumeTime)) {
            return; // closed before the resume point: nothing new in it
        }
        PackageLoader.Opened opened = ctx.packages().open(pkg, dump.uri(), Capability.CHANGEDUMP_MANIFEST);
        // a change without a time takes the one before it (as in Change Lists), before the stable sort by time
        List<Bitstream> ordered = new ArrayList<>(opened.dump().bitstreams().size());
        Instant previous = pkg.md().from();
        for (Bitstream b : opened.dump().bitstreams()) {
            Entry e = b.entry();
            if (e.changeTime() == null && previous != null) {
                b = new Bitstream(IncrementalSteps.withTime(e, previous, b.manifest()), b.entryName(), b.manifest());
            }
            previous = b.entry().changeTime() != null ? b.entry().changeTime() : previous;
            ordered.add(b);
        }
        ordered.sort(BY_TIME);
        reading.start(opened, ordered);
    }

    @Override
    public void close() {
        reading.finish();
    }
}
