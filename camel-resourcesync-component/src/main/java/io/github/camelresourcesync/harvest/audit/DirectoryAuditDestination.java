package io.github.camelresourcesync.harvest.audit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collection;
import java.util.Iterator;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

import io.github.camelresourcesync.http.Digests;
import io.github.camelresourcesync.model.Hashes;

/**
 * A mirror directory as written by {@code resourcesync-mirror:} or {@code file:} with the events' {@code CamelFileName}:
 * a listed resource is the file at its file name, and its bytes are re-hashed in the algorithms the Source published,
 * so a file corrupted in place (same size, same modification time) is found. Every regular file not listed is extra.
 *
 * <p>
 * Memory: the directory is walked as a stream (one open directory per level), never listed whole. Only regular files
 * count; symbolic links are neither followed nor reported, and the mirror's own temporary files ({@code .rsync-*})
 * are skipped.
 */
public final class DirectoryAuditDestination implements AuditDestination {

    /** Prefix of the temporary file a mirror write in progress uses (see the mirror producer). */
    static final String TEMP_PREFIX = ".rsync-";

    private final Path root;

    public DirectoryAuditDestination(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    @Override
    public String describe() {
        return "directory " + root;
    }

    @Override
    public String key(String sourceKey, URI location, String fileName) {
        return fileName;
    }

    @Override
    public Held find(String sourceKey, URI location, String fileName, Set<String> algorithms) throws IOException {
        Path file = root.resolve(fileName).normalize();
        if (!file.startsWith(root) || file.equals(root)) {
            throw new IOException("File name '" + fileName + "' of " + location + " would leave the directory " + root);
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
        if (!attributes.isRegularFile()) {
            return null;
        }
        Hashes hash = Hashes.EMPTY;
        if (!algorithms.isEmpty()) {
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                hash = Digests.digest(in, algorithms);
            }
        }
        return new Held(fileName, sourceKey, location, fileName, attributes.lastModifiedTime().toInstant(), hash,
                attributes.size(), true);
    }

    @Override
    public void forEachHeld(Collection<String> sourceKeys, Consumer<Held> action) throws IOException {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            Iterator<Path> files = walk.iterator();
            while (files.hasNext()) {
                Path file = files.next();
                if (file.getFileName().toString().startsWith(TEMP_PREFIX)) {
                    continue;
                }
                BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS);
                if (attributes.isRegularFile()) {
                    String name = root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
                    action.accept(new Held(name, null, null, name, attributes.lastModifiedTime().toInstant(), null,
                            attributes.size(), true));
                }
            }
        } catch (UncheckedIOException e) {
            throw new IOException("Cannot walk the directory " + root + ": " + e.getCause().getMessage(), e.getCause());
        }
    }
}
