package io.github.camelresourcesync.testsupport;

import java.util.ArrayList;
import java.util.List;

/**
 * The seeds of the model tests' random histories: 40 in a build; {@code -Dresourcesync.model.seeds=N
 * -Dresourcesync.model.firstSeed=S} explores more. Use with {@code @MethodSource(ModelSeeds.SEEDS)}.
 */
public final class ModelSeeds {

    public static final String SEEDS = "io.github.camelresourcesync.testsupport.ModelSeeds#seeds";

    private ModelSeeds() {
    }

    public static List<Long> seeds() {
        long first = Long.getLong("resourcesync.model.firstSeed", 1);
        List<Long> seeds = new ArrayList<>();
        for (long s = first; s < first + Long.getLong("resourcesync.model.seeds", 40); s++) {
            seeds.add(s);
        }
        return seeds;
    }
}
