package io.github.camelresourcesync.examples;

import io.github.camelresourcesync.examples.demo.DemoSource;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.validate.Finding;
import io.github.camelresourcesync.validate.Json;
import io.github.camelresourcesync.validate.Severity;
import io.github.camelresourcesync.validate.ValidateOptions;
import io.github.camelresourcesync.validate.ValidationReport;
import io.github.camelresourcesync.validate.Validator;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;

/**
 * {@code ExamplesApplication --validate [URL] [--json] [--sample N] [--allowed-hosts h1,h2] [--quiet]}: validates a
 * whole Source (the demo Source when no URL is given) and prints each finding as it is found, then the report; with
 * {@code --json}, one JSON object with the findings and the report. Exit code 0 when the Source is valid, 1 when a
 * finding is an error, 2 when the validation could not finish. Uses the component's core validator directly (no
 * CamelContext): the same {@code Validator} that {@code resourcesync:...?mode=validate} runs.
 */
public final class ValidateCommand {

    private URI source;
    private boolean json;
    private boolean quiet;
    private int sample = ValidateOptions.DEFAULT_SAMPLE;
    private String allowedHosts;

    /** @return the command when the arguments ask for a validation ({@code --validate}), else {@code null} */
    public static ValidateCommand parse(String... args) {
        ValidateCommand command = null;
        for (String a : args) {
            if ("--validate".equals(a)) {
                command = new ValidateCommand();
            }
        }
        if (command == null) {
            return null;
        }
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--validate" -> {
                    if (i + 1 < args.length && !args[i + 1].startsWith("-")) {
                        command.source = URI.create(args[++i]);
                    }
                }
                case "--json" -> command.json = true;
                case "--quiet" -> command.quiet = true;
                case "--sample" -> command.sample = Integer.parseInt(value(args, ++i, a));
                case "--allowed-hosts" -> command.allowedHosts = value(args, ++i, a);
                default -> throw new IllegalArgumentException("unknown argument with --validate: " + a + " (usage:"
                        + " --validate [URL] [--json] [--sample N] [--allowed-hosts h1,h2] [--quiet])");
            }
        }
        return command;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    /** Validates and prints; @return the exit code */
    public int run(PrintStream out) throws IOException {
        DemoSource demo = null;
        URI start = source;
        try {
            if (start == null) {
                demo = DemoSource.start(DemoSource.Settings.defaults().withPort(0).withChangeInterval(0));
                start = demo.base();
            }
            FetcherConfig config = new FetcherConfig().allowedHosts(AllowedHosts.forConfiguredUrl(start, allowedHosts));
            ValidationReport report;
            try (HttpFetcher fetcher = new HttpFetcher(config)) {
                Validator validator = new Validator(fetcher, new ValidateOptions().sample(sample));
                if (json) {
                    out.println("{\"findings\":[");
                    boolean[] first = {true};
                    report = validator.validate(start, f -> {
                        out.println((first[0] ? "" : ",") + Json.finding(f));
                        first[0] = false;
                    });
                    out.println("],\"report\":" + report.json() + "}");
                } else {
                    report = validator.validate(start, f -> print(out, f));
                    out.println(report.text());
                }
            }
            return report.valid() ? 0 : report.complete() ? 1 : 2;
        } finally {
            if (demo != null) {
                demo.close();
            }
        }
    }

    private void print(PrintStream out, Finding f) {
        if (!quiet || f.severity() != Severity.INFO) {
            out.println(f.message());
        }
    }

    URI source() {
        return source;
    }
}
