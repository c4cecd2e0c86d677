package io.github.camelresourcesync.validate;

import io.github.camelresourcesync.model.Hashes;

import java.net.URI;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/** Checks of single values, the same wherever the value appears (document, entry, link). */
final class EntryChecks {

    /** Hex digits of the digest of each algorithm the specifications name. */
    private static final Map<String, Integer> HEX_LENGTHS = Map.of("md5", 32, "sha-1", 40, "sha-224", 56,
            "sha-256", 64, "sha-384", 96, "sha-512", 128);

    private final Findings findings;
    private final Instant latest;

    /** @param latest the latest time a Source may give: now plus the clock skew tolerance */
    EntryChecks(Findings findings, Instant latest) {
        this.findings = findings;
        this.latest = latest;
    }

    void notInFuture(URI doc, String loc, long line, String what, Instant time) {
        if (time != null && time.isAfter(latest)) {
            findings.add(doc, loc, line, Rule.FUTURE_TIME, "a time no later than now (" + latest + " with the clock"
                    + " skew tolerance)", what + " is " + time);
        }
    }

    void hashes(URI doc, String loc, long line, Hashes hashes) {
        for (Map.Entry<String, String> d : hashes.digests().entrySet()) {
            Integer hex = HEX_LENGTHS.get(d.getKey());
            if (hex == null) {
                findings.add(new Finding(doc, loc, line, Rule.HASH_SYNTAX, Severity.INFO,
                        "an algorithm of the specification (md5, sha-1, sha-256, ...)",
                        "hash algorithm " + d.getKey() + " (a harvester cannot verify it)"));
            } else if (d.getValue().length() != hex) {
                findings.add(doc, loc, line, Rule.HASH_SYNTAX, hex + " hex digits for " + d.getKey(),
                        d.getKey() + ":" + d.getValue() + " has " + d.getValue().length() + " (no content can match"
                        + " it: every fetch fails its fixity check)");
            }
        }
    }

    /** Whether {@code uri} is on the Source's host (scheme, host and port), or the Source has no host (files). */
    static boolean sameAuthority(URI uri, URI source) {
        if (source == null || source.getHost() == null) {
            return true;
        }
        return uri.getHost() != null && uri.getHost().equalsIgnoreCase(source.getHost())
               && port(uri) == port(source);
    }

    private static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return scheme.equals("https") ? 443 : 80;
    }
}
