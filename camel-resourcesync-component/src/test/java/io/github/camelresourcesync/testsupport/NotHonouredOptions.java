package io.github.camelresourcesync.testsupport;

import java.util.List;
import java.util.Map;

/**
 * The options of the harvesting schemes that a scheme leaves nothing to do for, and so does not have at all: not as
 * endpoint options, not as component options ({@code camel.component.<scheme>.*}), not as Spring Boot properties
 * (docs/options.md, docs/metashare-bridge.md). The tests of the component and of the starter check each against the
 * generated metadata; the other schemes must still have them.
 */
public final class NotHonouredOptions {

    /** Scheme to the options it does not have; every harvesting scheme is a key. */
    public static final Map<String, List<String>> BY_SCHEME = Map.of(
            // the node takes credentials in its login form, gets every request, answers with redirects; requests are
            // sent once a poll; records are read in memory within maxDocumentSize and named by id
            "resourcesync-metashare", List.of("bearerToken", "maxRedirects", "allowedHosts", "maxRetries",
                    "retryDelay", "retryMaxDelay", "maxContentSize", "spoolThreshold", "spoolDirectory", "fileLayout"),
            "resourcesync-atompmh", List.of(),
            "resourcesync", List.of());

    private NotHonouredOptions() {
    }
}
