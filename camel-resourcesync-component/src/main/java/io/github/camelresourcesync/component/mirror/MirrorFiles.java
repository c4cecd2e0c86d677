package io.github.camelresourcesync.component.mirror;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The files of one mirror directory. A write goes to a temporary name in the target's directory and is renamed over
 * the target, so a reader never sees half a file and a crash never leaves one under a real name; with {@code fsync}
 * the bytes and the rename reach the disk before the write returns. Directories are created once: a cache remembers
 * the ones that exist, so a write costs the system calls of the file alone.
 */
final class MirrorFiles {

    private static final Logger LOG = LoggerFactory.getLogger(MirrorFiles.class);

    /** The prefix of a write in progress; an audit of the directory skips such files. */
    static final String TEMP_PREFIX = ".rsync-";
    /** Beyond this many the cache starts again (a directory costs a Path in memory). */
    private static final int MAX_CACHED_DIRECTORIES = 100_000;

    /** Writes the bytes of one file into an open channel. */
    @FunctionalInterface
    interface Body {
        void writeTo(FileChannel channel) throws IOException;
    }

    private final Path root;
    private final boolean fsync;
    private final Set<Path> directories = ConcurrentHashMap.newKeySet();
    /** Unique per instance, so two producers writing into one directory never pick the same temporary name. */
    private final String tempStem = TEMP_PREFIX + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36) + "-";
    private final AtomicLong temps = new AtomicLong();

    MirrorFiles(Path root, boolean fsync) throws IOException {
        this.root = root;
        this.fsync = fsync;
        Files.createDirectories(root);
        directories.add(root);
    }

    static Body bytes(byte[] bytes) {
        return channel -> {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        };
    }

    /** The bytes of a stream, which is closed after. */
    static Body stream(InputStream in) {
        return channel -> {
            try (in) {
                // the channel's own stream is not closed: that would close the channel before fsync
                OutputStream out = Channels.newOutputStream(channel);
                in.transferTo(out);
            }
        };
    }

    /** Writes {@code target} (a path under the root), its modification time {@code lastmod} unless null. */
    void write(Path target, Body body, Instant lastmod) throws IOException {
        Path dir = target.getParent();
        Path tmp = nextTemp(dir);
        FileChannel channel = openTemp(tmp); // when this fails there is no temporary file to remove
        boolean moved = false;
        try {
            try (channel) {
                body.writeTo(channel);
                if (fsync) {
                    channel.force(true);
                }
            }
            if (lastmod != null) {
                // both times: with one of them null the JDK first reads the file's attributes (one more system call)
                FileTime time = FileTime.from(lastmod);
                Files.getFileAttributeView(tmp, BasicFileAttributeView.class).setTimes(time, time, null);
            }
            rename(tmp, target);
            moved = true;
            if (fsync) {
                forceDirectory(dir);
            }
        } finally {
            if (!moved) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** Removes {@code target} if it exists, and with {@code prune} the directories that leaves empty (not the root). */
    void delete(Path target, boolean prune) throws IOException {
        if (Files.deleteIfExists(target)) {
            LOG.debug("Removed {}", target);
            if (fsync) {
                forceDirectory(target.getParent());
            }
        }
        if (!prune) {
            return;
        }
        for (Path dir = target.getParent(); dir != null && !dir.equals(root) && dir.startsWith(root);
             dir = dir.getParent()) {
            try {
                // forgotten first: a write that finds it cached but gone creates it again
                directories.remove(dir);
                Files.deleteIfExists(dir);
            } catch (DirectoryNotEmptyException e) {
                break;
            }
        }
    }

    private Path nextTemp(Path dir) {
        return dir.resolve(tempStem + temps.incrementAndGet() + ".tmp");
    }

    /** Creates the temporary file in its directory, creating the directory unless known to exist. */
    private FileChannel openTemp(Path tmp) throws IOException {
        Path dir = tmp.getParent();
        directory(dir);
        try {
            return FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (NoSuchFileException e) {
            // a cached directory is gone (pruned by a deletion on another thread, or removed by hand): ask the disk
            forgetDirectories();
            directory(dir);
            return FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        }
    }

    private void rename(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            if (Files.isDirectory(target)) {
                throw new IOException("Cannot write " + target + ": it is a directory. The mirror holds names of an "
                                      + "older mapping; see 'Mirror file names' in docs/headers.md to re-baseline", e);
            }
            throw e;
        }
    }

    /** Makes sure {@code dir} exists, creating it and its missing parents (each made durable with fsync). */
    private void directory(Path dir) throws IOException {
        if (directories.contains(dir)) {
            return;
        }
        if (!Files.isDirectory(dir)) {
            Path parent = dir.getParent();
            if (!directories.contains(parent)) {
                directory(parent);
            }
            try {
                Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                if (!Files.isDirectory(dir)) {
                    throw new IOException("Cannot create the directory " + dir + ": a file has that name. The mirror "
                                          + "holds names of an older mapping; see 'Mirror file names' in "
                                          + "docs/headers.md to re-baseline", e);
                }
            }
            if (fsync) {
                forceDirectory(parent);
            }
        }
        if (directories.size() >= MAX_CACHED_DIRECTORIES) {
            forgetDirectories();
        }
        directories.add(dir);
    }

    private void forgetDirectories() {
        directories.clear();
        directories.add(root);
    }

    /** fsync of a directory, so a rename or a new entry in it survives a power loss (where the OS allows it). */
    private static void forceDirectory(Path dir) throws IOException {
        FileChannel channel;
        try {
            channel = FileChannel.open(dir, StandardOpenOption.READ);
        } catch (IOException e) {
            LOG.debug("Cannot open the directory {} to sync it (Windows does not allow it): {}", dir, e.toString());
            return;
        }
        try (channel) {
            channel.force(true);
        }
    }
}
