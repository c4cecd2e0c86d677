package io.github.camelresourcesync.harvest.audit;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.testsupport.LiteralSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * How an audit decides that the destination's copy of a listed resource is (not) the listed version: hash first, then
 * length and {@code lastmod} (a file's time only counts when older, to the second), and unverified when nothing can be
 * compared. Digests are computed by the JDK ({@link LiteralSource#digest}), not by the project.
 */
class AuditComparatorTest {

    private static final URI LOC = URI.create("http://127.0.0.1/res/a.txt");
    private static final Instant LASTMOD = Instant.parse("2024-03-01T00:00:00Z");
    private static final String MD5_ALPHA = LiteralSource.digest("md5", "alpha");
    private static final String MD5_OTHER = LiteralSource.digest("md5", "alphA");
    private static final String SHA_ALPHA = LiteralSource.digest("sha-256", "alpha");
    private static final String SHA_OTHER = LiteralSource.digest("sha-256", "alphA");

    private static Entry listed(Map<String, String> hashes, Long length, Instant lastmod) {
        Metadata md = new Metadata(null, null, null, null, null, null, null, null, Hashes.of(hashes), length, null,
                null, null);
        return new Entry(LOC, lastmod, md, List.of(), false);
    }

    private static AuditDestination.Held held(Map<String, String> hashes, Long length, Instant lastmod,
                                              boolean fileTime) {
        return new AuditDestination.Held("res/a.txt", "src", LOC, "res/a.txt", lastmod, Hashes.of(hashes), length,
                fileTime);
    }

    private static AuditComparator.Verdict compare(Entry e, AuditDestination.Held h) {
        return AuditComparator.compare(e, h);
    }

    @Test
    void sameHashIsTheSameVersionWhateverTheLengthAndTime() {
        // a hash is proof: a length or time that disagrees does not matter then
        AuditComparator.Verdict v = compare(listed(Map.of("md5", MD5_ALPHA), 5L, LASTMOD),
                held(Map.of("md5", MD5_ALPHA), 99L, LASTMOD.minusSeconds(3600), false));
        assertEquals(new AuditComparator.Verdict(AuditComparator.Kind.SAME, "hash"), v);
    }

    @Test
    void differingHashIsChangedAndTheReasonNamesBothDigests() {
        AuditComparator.Verdict v = compare(listed(Map.of("sha-256", SHA_ALPHA), 5L, LASTMOD),
                held(Map.of("sha-256", SHA_OTHER), 5L, LASTMOD, true));
        assertEquals(new AuditComparator.Verdict(AuditComparator.Kind.CHANGED,
                "sha-256 differs: listed " + SHA_ALPHA + ", destination has " + SHA_OTHER), v);
    }

    @Test
    void anyDifferingDigestIsChangedEvenWhenAnotherMatches() {
        AuditComparator.Verdict v = compare(listed(Map.of("md5", MD5_ALPHA, "sha-256", SHA_ALPHA), 5L, null),
                held(Map.of("md5", MD5_ALPHA, "sha-256", SHA_OTHER), 5L, null, true));
        assertEquals(new AuditComparator.Verdict(AuditComparator.Kind.CHANGED,
                "sha-256 differs: listed " + SHA_ALPHA + ", destination has " + SHA_OTHER), v);
        AuditComparator.Verdict w = compare(listed(Map.of("md5", MD5_ALPHA, "sha-256", SHA_ALPHA), 5L, null),
                held(Map.of("md5", MD5_OTHER, "sha-256", SHA_ALPHA), 5L, null, true));
        assertEquals(new AuditComparator.Verdict(AuditComparator.Kind.CHANGED,
                "md5 differs: listed " + MD5_ALPHA + ", destination has " + MD5_OTHER), w);
    }

    @Test
    void oneSharedMatchingAlgorithmIsEnoughWhenTheOtherIsNotHeld() {
        AuditComparator.Verdict v = compare(listed(Map.of("md5", MD5_ALPHA, "sha-256", SHA_ALPHA), 5L, null),
                held(Map.of("sha-256", SHA_ALPHA), 6L, null, false));
        assertEquals(new AuditComparator.Verdict(AuditComparator.Kind.SAME, "hash"), v);
    }

    @Test
    void noSharedAlgorithmFallsBackToLength() {
        // the destination has only md5, the Source publishes only sha-256: the length decides
        AuditComparator.Verdict same = compare(listed(Map.of("sha-256", SHA_ALPHA), 5L, null),
                held(Map.of("md5", MD5_OTHER), 5L, null, false));
        assertEquals(new AuditComparator.Verdict(AuditComparator.Kind.SAME, "length/lastmod"), same);
        AuditComparator.Verdict changed = compare(listed(Map.of("sha-256", SHA_ALPHA), 5L, null),
                held(Map.of("md5", MD5_OTHER), 6L, null, false));
        assertEquals(new AuditComparator.Verdict(AuditComparator.Kind.CHANGED,
                "length differs: listed 5 bytes, destination has 6 bytes"), changed);
    }

    @Test
    void equalLengthButDifferentLastmodIsChangedInAStateStore() {
        Instant recorded = LASTMOD.minusMillis(1);
        AuditComparator.Verdict v = compare(listed(Map.of(), 5L, LASTMOD), held(Map.of(), 5L, recorded, false));
        assertEquals(new AuditComparator.Verdict(AuditComparator.Kind.CHANGED,
                "lastmod differs: listed " + LASTMOD + ", destination has " + recorded), v);
        // newer in the store is also another version: a state store's lastmod must be equal
        assertEquals(AuditComparator.Kind.CHANGED,
                compare(listed(Map.of(), 5L, LASTMOD), held(Map.of(), 5L, LASTMOD.plusSeconds(5), false)).kind());
    }

    @Test
    void equalLastmodInAStateStoreIsTheSame() {
        assertEquals(new AuditComparator.Verdict(AuditComparator.Kind.SAME, "length/lastmod"),
                compare(listed(Map.of(), null, LASTMOD), held(Map.of(), null, LASTMOD, false)));
    }

    @Test
    void fileOlderThanTheListedLastmodIsChanged() {
        Instant file = LASTMOD.minusSeconds(60);
        AuditComparator.Verdict v = compare(listed(Map.of(), 5L, LASTMOD), held(Map.of(), 5L, file, true));
        assertEquals(new AuditComparator.Verdict(AuditComparator.Kind.CHANGED,
                "lastmod " + LASTMOD + " is newer than the file's " + file), v);
        assertEquals(AuditComparator.Kind.CHANGED,
                compare(listed(Map.of(), null, LASTMOD), held(Map.of(), null, LASTMOD.minusSeconds(1), true))
                        .kind(), "one second older is older");
    }

    @Test
    void fileWrittenAfterTheListedLastmodOrInTheSameSecondIsTheSame() {
        // file: writes files with the time of writing: newer is normal
        assertEquals(new AuditComparator.Verdict(AuditComparator.Kind.SAME, "length/lastmod"),
                compare(listed(Map.of(), 5L, LASTMOD), held(Map.of(), 5L, LASTMOD.plusSeconds(3600), true)));
        assertEquals(AuditComparator.Kind.SAME,
                compare(listed(Map.of(), null, LASTMOD), held(Map.of(), null, LASTMOD, true)).kind());
        // a list with milliseconds, a file system rounding to the second: the same second is the same time
        Instant listedMillis = LASTMOD.plusMillis(900);
        assertEquals(AuditComparator.Kind.SAME,
                compare(listed(Map.of(), null, listedMillis), held(Map.of(), null, LASTMOD, true)).kind());
    }

    @Test
    void lengthIsComparedBeforeLastmod() {
        AuditComparator.Verdict v = compare(listed(Map.of(), 5L, LASTMOD),
                held(Map.of(), 7L, LASTMOD.minusSeconds(60), true));
        assertEquals("length differs: listed 5 bytes, destination has 7 bytes", v.reason());
    }

    @Test
    void nothingToCompareIsUnverifiedNotChanged() {
        AuditComparator.Verdict expected = new AuditComparator.Verdict(AuditComparator.Kind.UNVERIFIED,
                "nothing to compare");
        assertEquals(expected, compare(listed(Map.of(), null, null), held(Map.of("md5", MD5_OTHER), 6L,
                LASTMOD, true)), "the Source publishes nothing");
        assertEquals(expected, compare(listed(Map.of("md5", MD5_ALPHA), 5L, LASTMOD), held(Map.of(), null, null,
                false)), "the destination has nothing comparable");
        assertEquals(expected, compare(listed(Map.of(), 5L, null), held(Map.of(), null, LASTMOD, false)),
                "a length on one side, a time on the other");
    }
}
