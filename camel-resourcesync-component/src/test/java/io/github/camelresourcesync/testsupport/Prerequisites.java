package io.github.camelresourcesync.testsupport;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * What a test needs from outside the project (the shared fixtures, a PostgreSQL database): missing locally, the test
 * is skipped with a message saying how to provide it; missing in CI (environment variable {@code CI=true}, which
 * {@code .ci/run} sets), the test fails with that message, so CI cannot stay green while skipping them.
 */
public final class Prerequisites {

    private Prerequisites() {
    }

    /** {@code true} when running in CI ({@code CI=true}). */
    public static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** Returns when {@code present}; otherwise skips the calling test, or fails it in CI, with {@code message}. */
    public static void require(boolean present, String message) {
        if (present) {
            return;
        }
        if (inCi()) {
            Assertions.fail(message + " (CI=true: required in CI, not skipped)");
        }
        Assumptions.assumeTrue(false, message);
    }
}
