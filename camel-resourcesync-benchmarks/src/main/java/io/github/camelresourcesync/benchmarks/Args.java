package io.github.camelresourcesync.benchmarks;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** {@code --name value} and {@code --flag} arguments; a repeated {@code --jvm} adds its options to the earlier ones. */
final class Args {

    private static final String JVM = "jvm";

    private final Map<String, String> values = new HashMap<>();

    Args(String[] args, String usage) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.isBlank()) {
                continue;
            }
            if (a.equals("--help") || a.equals("-h") || !a.startsWith("--")) {
                System.out.println(usage);
                System.exit(a.startsWith("--") || a.equals("-h") ? 0 : 2);
            }
            String name = a.substring(2);
            int eq = name.indexOf('=');
            if (eq > 0) {
                put(name.substring(0, eq), name.substring(eq + 1));
            } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                put(name, args[++i]);
            } else {
                put(name, "true");
            }
        }
    }

    private void put(String name, String value) {
        values.merge(name, value, JVM.equals(name) ? (earlier, more) -> earlier + " " + more : (earlier, last) -> last);
    }

    String get(String name, String def) {
        return values.getOrDefault(name, def);
    }

    int getInt(String name, int def) {
        return Integer.parseInt(get(name, Integer.toString(def)).replace("_", "").replace(",", ""));
    }

    /**
     * {@code --root DIR --base URL} of the benchmarks that harvest a Source nginx serves: the directory, absolute;
     * prints {@code usage} and exits when either is missing or the base does not end with {@code /}.
     */
    Path servedRoot(String usage) {
        if (get("root", "").isEmpty() || !get("base", "").endsWith("/")) {
            System.out.println(usage);
            System.exit(2);
        }
        return Path.of(get("root", "")).toAbsolutePath();
    }

    boolean flag(String name) {
        return Boolean.parseBoolean(get(name, "false"));
    }
}
