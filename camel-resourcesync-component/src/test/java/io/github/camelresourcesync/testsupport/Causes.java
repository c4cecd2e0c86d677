package io.github.camelresourcesync.testsupport;

/** What a failure that Camel wrapped (a route that failed to start, a failed exchange) says at its root. */
public final class Causes {

    private Causes() {
    }

    /** The message of the innermost cause of {@code t}. */
    public static String rootMessage(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage();
    }
}
