package io.github.camelresourcesync.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Locates the shared fixtures folder ({@code ../shared/fixtures} beside the project), which a fresh clone may not
 * have. Looked up in order: system property {@code resourcesync.fixtures} (set by Maven surefire), environment
 * variable {@code RESOURCESYNC_FIXTURES}, then {@code ../../shared/fixtures} and {@code ../shared/fixtures} relative to
 * the working directory. Tests that need it are skipped, with a message saying how to enable them, when it is absent;
 * in CI ({@code CI=true}) they fail with that message instead ({@link Prerequisites}).
 */
public final class Fixtures {

    public static final String PROPERTY = "resourcesync.fixtures";
    public static final String ENV = "RESOURCESYNC_FIXTURES";

    private Fixtures() {
    }

    /** The fixtures folder; skips the calling test (fails it in CI) when it cannot be found. */
    public static Path fixturesDir() {
        List<Path> tried = candidates();
        for (Path candidate : tried) {
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        Prerequisites.require(false, "shared fixtures not found at " + tried + "; set -D" + PROPERTY
                + "=<dir> (or env " + ENV + ") to run");
        throw new IllegalStateException("unreachable");
    }

    /** A sub-folder of the fixtures, e.g. {@code resourcesync-spec-examples}; skips the test when absent. */
    public static Path fixturesDir(String subFolder) {
        Path dir = fixturesDir().resolve(subFolder);
        Prerequisites.require(Files.isDirectory(dir), "shared fixtures folder " + dir + " not found");
        return dir;
    }

    private static List<Path> candidates() {
        List<Path> result = new ArrayList<>();
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank() && !property.contains("${")) {
            result.add(Path.of(property).toAbsolutePath().normalize());
        }
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            result.add(Path.of(env).toAbsolutePath().normalize());
        }
        result.add(Path.of("..", "..", "shared", "fixtures").toAbsolutePath().normalize());
        result.add(Path.of("..", "shared", "fixtures").toAbsolutePath().normalize());
        return result;
    }
}
