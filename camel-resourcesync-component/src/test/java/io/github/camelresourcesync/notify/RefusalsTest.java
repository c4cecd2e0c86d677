package io.github.camelresourcesync.notify;

import java.time.Duration;
import java.util.List;

import io.github.camelresourcesync.testsupport.LogCapture;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What anyone who can reach the callback can make the log say: how often, and with which characters. */
class RefusalsTest {

    private static List<String> refusalLines(LogCapture log) {
        return log.lines().stream().filter(l -> l.contains("RefusalsTest")).toList();
    }

    @Test
    void aFloodIsOneLineThenOnePerIntervalWithTheCountAndASummaryAtStop() throws Exception {
        try (LogCapture log = LogCapture.open()) {
            Refusals r = new Refusals(LoggerFactory.getLogger(RefusalsTest.class), Duration.ofMinutes(1));
            for (int i = 0; i < 1000; i++) {
                r.refused("RefusalsTest refusal " + i);
            }
            assertEquals(1000, r.count());
            List<String> lines = refusalLines(log);
            assertEquals(1, lines.size(), lines.toString());
            assertTrue(lines.get(0).startsWith("WARN RefusalsTest refusal 0 (further refusals are counted, and logged at"
                                               + " most once every 60 s)"), lines.get(0));
            r.summarise();
            r.summarise();
            List<String> all = log.lines();
            assertEquals("WARN 999 more callback requests refused in the last 0 s", all.get(all.size() - 1), all.toString());
            assertEquals(2, all.stream().filter(l -> l.contains("refused") || l.contains("RefusalsTest")).count(),
                    "a second summary with nothing new says nothing: " + all);
        }
    }

    @Test
    void afterTheIntervalTheNextRefusalIsLoggedWithHowManyWereNot() throws Exception {
        try (LogCapture log = LogCapture.open()) {
            Refusals r = new Refusals(LoggerFactory.getLogger(RefusalsTest.class), Duration.ofMillis(200));
            r.refused("RefusalsTest first");
            r.refused("RefusalsTest second");
            r.refused("RefusalsTest third");
            Thread.sleep(300); // the interval is the behaviour under test
            r.refused("RefusalsTest fourth");
            List<String> lines = refusalLines(log);
            assertEquals(2, lines.size(), lines.toString());
            assertTrue(lines.get(1).startsWith("WARN RefusalsTest fourth; 2 more callback requests refused in the last"),
                    lines.get(1));
        }
    }
}
