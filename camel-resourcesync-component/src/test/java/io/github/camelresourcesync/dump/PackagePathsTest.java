package io.github.camelresourcesync.dump;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Names inside a package: each unsafe kind refused with its own reason (the reason reaches the user in the
 * {@link DumpException}), at the first character where it can occur, and look-alikes that stay inside the package
 * ({@code ...}, {@code a..b}, a colon not after a drive letter) accepted.
 */
class PackagePathsTest {

    @Test
    void eachUnsafeEntryNameHasItsReason() {
        assertEquals("empty name", PackagePaths.unsafeEntryName(""));
        assertEquals("backslash in name", PackagePaths.unsafeEntryName("\\evil"));
        assertEquals("backslash in name", PackagePaths.unsafeEntryName("a\\..\\b"));
        assertEquals("NUL character in name", PackagePaths.unsafeEntryName("\0a"));
        assertEquals("NUL character in name", PackagePaths.unsafeEntryName("a.txt\0.jpg"));
        assertEquals("absolute path", PackagePaths.unsafeEntryName("/etc/passwd"));
        assertEquals("drive letter", PackagePaths.unsafeEntryName("c:"));
        assertEquals("drive letter", PackagePaths.unsafeEntryName("C:/Windows"));
        assertEquals("'..' segment", PackagePaths.unsafeEntryName(".."));
        assertEquals("'..' segment", PackagePaths.unsafeEntryName("a/b/../../.."));
        assertEquals("'..' segment", PackagePaths.unsafeEntryName("a/.."));
        assertEquals("'.' segment", PackagePaths.unsafeEntryName("."));
        assertEquals("'.' segment", PackagePaths.unsafeEntryName("a/./b"));
    }

    @Test
    void namesThatOnlyLookUnsafeStayInside() {
        for (String safe : new String[] {"a", "...", "a..b", ".hidden", "a/b..", "..a/b", "1:x", "ab:c",
                                         "res/a.txt", "dir/"}) {
            assertNull(PackagePaths.unsafeEntryName(safe), safe);
        }
    }

    @Test
    void manifestPathsAreRootedOnceAndNameFiles() {
        assertEquals("does not start with '/' (it is relative to the package root)",
                PackagePaths.unsafeManifestPath("res/a"));
        assertEquals("starts with '//'", PackagePaths.unsafeManifestPath("//host/share/a"));
        assertEquals("names a directory", PackagePaths.unsafeManifestPath("/res/"));
        assertEquals("empty name", PackagePaths.unsafeManifestPath("/"));
        assertEquals("'..' segment", PackagePaths.unsafeManifestPath("/res/../../a"));
        assertEquals("drive letter", PackagePaths.unsafeManifestPath("/C:/a"));
        assertNull(PackagePaths.unsafeManifestPath("/res/a.txt"));
    }

    @Test
    void aManifestPathBecomesTheEntryNameWithoutItsSlashOrNothing() {
        assertEquals("res/a.txt", PackagePaths.entryName("/res/a.txt"));
        assertEquals("a", PackagePaths.entryName("/a"));
        assertNull(PackagePaths.entryName("a"));
        assertNull(PackagePaths.entryName("/../a"));
        assertNull(PackagePaths.entryName("/res/"));
    }
}
