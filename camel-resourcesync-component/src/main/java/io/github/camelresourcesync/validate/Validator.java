package io.github.camelresourcesync.validate;

import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.xml.SitemapReader;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Validates a whole ResourceSync Source: the discovery routes, then every document reachable from the Source
 * Description or Capability List (one open document per level, the entries streamed), then a sample of the listed
 * contents, the dump packages and the notification hubs. Every departure from the specifications is handed to the
 * listener as a {@link Finding} as soon as it is found; the {@link ValidationReport} counts them.
 *
 * <p>
 * Memory stays bounded whatever the size of the Source: entries are streamed; what must be remembered across entries
 * is bounded (the entries of one index, at most 50,000 in a compliant one; the content sample; one time per Change
 * List), except the locations of a Resource List, kept in a temporary disk-backed set ({@link ListedLocations}).
 *
 * <p>
 * Documents are fetched with the endpoint's fetch policy ({@link HttpFetcher}: allowed hosts, credentials, timeouts,
 * retries); a document the policy refuses is a finding, not a crash.
 */
public final class Validator {

    private final HttpFetcher fetcher;
    private final ValidateOptions options;

    public Validator(HttpFetcher fetcher, ValidateOptions options) {
        this.fetcher = Objects.requireNonNull(fetcher, "fetcher");
        this.options = options == null ? new ValidateOptions() : options;
    }

    /** {@link #validate(URI, Consumer, BooleanSupplier)} to the end. */
    public ValidationReport validate(URI start, Consumer<Finding> listener) throws IOException {
        return validate(start, listener, () -> true);
    }

    /**
     * @param start    a site's base URL, its Source Description, a Capability List or any capability document
     * @param listener receives each finding as it is found (on the calling thread)
     * @param going    asked between documents and samples: {@code false} stops the validation, which is then
     *                 reported incomplete
     * @throws IOException only when the temporary store cannot be created; everything about the Source is a finding
     */
    public ValidationReport validate(URI start, Consumer<Finding> listener, BooleanSupplier going) throws IOException {
        long started = System.nanoTime();
        ValidationReport report = new ValidationReport(start);
        Findings findings = new Findings(report, listener, options.findingsPerRuleAndDocument());
        boolean complete;
        try (SourceWalk walk = new SourceWalk(fetcher, options, findings, report, going, latest())) {
            URI top = new DiscoveryRoutes(fetcher, findings).check(start);
            if (top != null) {
                walk.walk(top, true);
            }
            complete = walk.finish();
        }
        report.finish(complete, Duration.ofNanos(System.nanoTime() - started));
        return report;
    }

    /**
     * Validates one document on its own: no discovery, no linked document, no content. For single documents and
     * fragments such as the specification's examples.
     */
    public ValidationReport validateDocument(URI document, Consumer<Finding> listener) throws IOException {
        long started = System.nanoTime();
        ValidationReport report = new ValidationReport(document);
        Findings findings = new Findings(report, listener, options.findingsPerRuleAndDocument());
        try (SourceWalk walk = new SourceWalk(fetcher, new ValidateOptions().sample(0)
                .clockSkewTolerance(options.clockSkewTolerance()), findings, report, () -> true, latest())) {
            walk.walk(document, false);
        }
        report.finish(true, Duration.ofNanos(System.nanoTime() - started));
        return report;
    }

    private Instant latest() {
        return Instant.now().plus(options.clockSkewTolerance());
    }

    /** A reader that counts entries past the Sitemap limit without refusing them: the limit is a finding here. */
    static SitemapReader reader(Consumer<String> warnings) {
        return new SitemapReader(0, warnings);
    }
}
