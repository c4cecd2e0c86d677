package io.github.camelresourcesync.dump;

/**
 * Path rules for names inside a package: ZIP entry names and manifest {@code path} values must stay inside the
 * package. Nothing is extracted to disk by this package, but the names reach routes (and a mirror) through events, so
 * a name that could climb out of a directory is refused rather than cleaned.
 */
final class PackagePaths {

    private PackagePaths() {
    }

    /**
     * @return why {@code name} (a ZIP entry name, relative, {@code /}-separated) is unsafe, or {@code null} when safe
     */
    static String unsafeEntryName(String name) {
        if (name.isEmpty()) {
            return "empty name";
        }
        if (name.indexOf('\\') >= 0) {
            return "backslash in name";
        }
        if (name.indexOf('\0') >= 0) {
            return "NUL character in name";
        }
        if (name.startsWith("/")) {
            return "absolute path";
        }
        if (name.length() >= 2 && name.charAt(1) == ':' && Character.isLetter(name.charAt(0))) {
            return "drive letter";
        }
        for (String segment : name.split("/", -1)) {
            if (segment.equals("..")) {
                return "'..' segment";
            }
            if (segment.equals(".")) {
                return "'.' segment";
            }
        }
        return null;
    }

    /**
     * Turns a manifest {@code path} ({@code /} + a path relative to the package root) into the ZIP entry name.
     *
     * @return the entry name, or {@code null} when the path is unsafe (see {@link #unsafeManifestPath})
     */
    static String entryName(String manifestPath) {
        return unsafeManifestPath(manifestPath) == null ? manifestPath.substring(1) : null;
    }

    /** @return why a manifest {@code path} is unsafe, or {@code null} */
    static String unsafeManifestPath(String path) {
        if (!path.startsWith("/")) {
            return "does not start with '/' (it is relative to the package root)";
        }
        if (path.startsWith("//")) {
            return "starts with '//'";
        }
        String name = path.substring(1);
        if (name.endsWith("/")) {
            return "names a directory";
        }
        return unsafeEntryName(name);
    }
}
