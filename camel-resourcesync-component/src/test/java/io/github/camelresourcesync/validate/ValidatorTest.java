package io.github.camelresourcesync.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** A clean Source validates clean, with every discovery route reported; see {@link ValidatorRulesTest} for the rules. */
class ValidatorTest {

    @Test
    void aCleanSourceHasNoErrorsAndNoWarnings() throws Exception {
        try (ValidSource source = new ValidSource()) {
            List<Finding> found = source.validate(10);
            assertEquals(List.of(), found.stream().filter(f -> f.severity() != Severity.INFO).map(Finding::message)
                    .collect(Collectors.toList()));
            assertEquals(List.of(Rule.DISCOVERY_ROUTE), found.stream().map(Finding::rule).distinct().toList());
            List<String> routes = found.stream().map(Finding::found).toList();
            assertEquals(4, routes.size(), routes::toString);
            assertTrue(routes.stream().anyMatch(f -> f.startsWith("the well-known URI")), routes::toString);
            assertTrue(routes.stream().anyMatch(f -> f.startsWith("an HTTP Link header")), routes::toString);
            assertTrue(routes.stream().anyMatch(f -> f.startsWith("an HTML <link")), routes::toString);
            assertTrue(routes.stream().anyMatch(f -> f.startsWith("robots.txt")), routes::toString);
            ValidationReport report = source.lastReport;
            assertTrue(report.valid(), report::text);
            assertEquals(8, report.documents(), report::text);
            assertEquals(2, report.sampled(), report::text); // the two resources of the Resource List
            assertTrue(report.text().contains("VALID"), report::text);
            assertTrue(report.json().contains("\"valid\":true") && report.json().contains("\"discovery-route\":4"),
                    report::json);
        }
    }
}
