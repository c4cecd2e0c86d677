package io.github.camelresourcesync.component.mirror;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * In layout urlPath two locations can need one path, one as a file and the other as a directory ({@code /records/1}
 * and {@code /records/1/a.xml}); whichever comes second cannot be written without removing the first. It fails
 * instead, naming both files (and so both locations: in this layout a file's path is its location's path), and
 * nothing is overwritten.
 */
final class UrlPathCollisions {

    private UrlPathCollisions() {
    }

    /** Throws when {@code target} (under {@code root}) is a directory or lies under a file. */
    static void check(Path root, Path target) throws IOException {
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            String other = firstFileUnder(target).map(f -> " (which holds /" + relative(root, f) + ")").orElse("");
            throw new IOException("Cannot write /" + relative(root, target) + ": in layout urlPath its path is the"
                                  + " directory of other resources" + other + ", and a path cannot be both a file and"
                                  + " a directory. Nothing was overwritten; mirror this Source with"
                                  + " layout=collisionFree, whose names never collide");
        }
        for (Path dir = target.getParent(); dir != null && !dir.equals(root) && dir.startsWith(root);
             dir = dir.getParent()) {
            if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException("Cannot write /" + relative(root, target) + ": in layout urlPath it needs /"
                                      + relative(root, dir) + " as a directory, and that is the file of the resource"
                                      + " /" + relative(root, dir) + ". Nothing was overwritten; mirror this Source"
                                      + " with layout=collisionFree, whose names never collide");
            }
        }
    }

    private static String relative(Path root, Path p) {
        return root.relativize(p).toString().replace('\\', '/');
    }

    private static Optional<Path> firstFileUnder(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().startsWith(MirrorFiles.TEMP_PREFIX)).sorted().findFirst();
        }
    }
}
