package io.github.camelresourcesync.examples.demo;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import io.github.camelresourcesync.examples.demo.DemoData.NewResource;
import io.github.camelresourcesync.examples.demo.SourceModel.Change;

/**
 * What the demo Source does on each tick: create, update and delete in turn, so every kind of change shows up in the
 * mirror. It never deletes below {@code minResources}, so the Source does not run dry.
 */
public final class DemoChanges {

    private final SourceModel model;
    private final List<String> folders;
    private final int minResources;
    private final Random random;
    private int step;

    public DemoChanges(SourceModel model, List<String> folders, int minResources, long seed) {
        this(model, folders, minResources, seed, 0);
    }

    /** Continues after {@code step} changes (a restored demo Source), with a random sequence of its own. */
    DemoChanges(SourceModel model, List<String> folders, int minResources, long seed, int step) {
        this.model = model;
        this.folders = List.copyOf(folders);
        this.minResources = minResources;
        this.random = new Random(seed + step);
        this.step = step;
    }

    /** Makes the next change now. */
    public Change next() {
        return next(null);
    }

    /** Makes the next change at {@code at} ({@code null}: now); for the Source's history before it starts serving. */
    public synchronized Change next(Instant at) {
        int n = step++;
        List<String> paths = new ArrayList<>(model.resources().keySet());
        Change c;
        if (n % 3 == 1 && !paths.isEmpty()) {
            String path = paths.get(random.nextInt(paths.size()));
            byte[] revised = DemoData.revise(path, model.resource(path).content(), n, stamp(at));
            c = at == null ? model.put(path, revised) : model.put(path, revised, at);
        } else if (n % 3 == 2 && paths.size() > minResources) {
            String path = paths.get(random.nextInt(paths.size()));
            c = at == null ? model.delete(path) : model.delete(path, at);
        } else {
            NewResource r = DemoData.create(folders.get(n % folders.size()), n, stamp(at));
            c = at == null ? model.put(r.path(), r.content()) : model.put(r.path(), r.content(), at);
        }
        return c;
    }

    /**
     * Makes {@code n} changes a millisecond apart just after {@code start}: a history for the Change Lists. Not
     * back-dated, so a restarted demo Source never rewrites times it published before: a destination sees a new
     * history that starts after its resume point (a gap) and re-baselines.
     */
    public void makeHistory(Instant start, int n) {
        for (int i = 1; i <= n; i++) {
            next(start.plusMillis(i));
        }
    }

    /** How many changes were made. */
    public synchronized int count() {
        return step;
    }

    private static Instant stamp(Instant at) {
        return at != null ? at : Instant.now();
    }
}
