package io.github.camelresourcesync.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.testsupport.Fixtures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The specification's own examples, each validated as a single document ({@link Validator#validateDocument}: they
 * are fragments of imagined Sources at example.com, whose links cannot be followed). The expected rules of each are
 * in {@code spec-examples-findings.txt} beside this class, with why; the test prints the table it found, so a change
 * of rule shows as a diff. Needs the shared fixtures (fails in CI when they are missing).
 */
class SpecExamplesValidationTest {

    @Test
    void eachExampleGetsExactlyTheFindingsExplained() throws IOException {
        Path root = Fixtures.fixturesDir("resourcesync-spec-examples");
        Map<String, String> actual = new TreeMap<>();
        try (HttpFetcher fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.forConfiguredUrl(root.toUri(), null)));
             Stream<Path> files = Files.walk(root)) {
            Validator validator = new Validator(fetcher, new ValidateOptions());
            for (Path file : files.filter(p -> p.toString().endsWith(".xml")).sorted().toList()) {
                List<Finding> found = new ArrayList<>();
                validator.validateDocument(file.toUri(), found::add);
                String rules = found.stream().map(f -> f.severity().label() + ":" + f.rule().id())
                        .collect(Collectors.toCollection(TreeSet::new)).stream().collect(Collectors.joining(" "));
                actual.put(root.relativize(file).toString(), rules.isEmpty() ? "clean" : rules);
            }
        }
        String table = actual.entrySet().stream().map(e -> e.getKey() + " = " + e.getValue())
                .collect(Collectors.joining("\n"));
        System.out.println(table);
        Map<String, String> expected = new TreeMap<>();
        for (String line : new String(getClass().getResourceAsStream("spec-examples-findings.txt").readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                String[] kv = line.split(" = ", 2);
                expected.put(kv[0].trim(), kv[1].split("  #")[0].trim());
            }
        }
        assertEquals(expected, actual, table);
    }
}
