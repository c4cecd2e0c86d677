package io.github.camelresourcesync.model;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The location-to-file-name mapping: the documented examples, and a seeded random search over nasty locations for
 * the properties a mirror relies on (one name per resource, different names for different resources, no name is a
 * directory another name needs, every segment creatable, nothing outside the directory).
 */
class FileNamesTest {

    private static final URI ORIGIN = URI.create("http://host:8080/");

    private static String name(String location) {
        return SyncEvents.fileName(URI.create(location), ORIGIN);
    }

    @Test
    void namesOfOrdinaryFilesAndDirectoriesStayAsTheyAre() {
        assertEquals("res/1.txt", name("http://host:8080/res/1.txt"));
        assertEquals("res/sub/2.txt", name("http://HOST:8080/res/sub/./2.txt"));
        assertEquals("caf\u00e9/na\u00efve.txt", name("http://host:8080/caf%C3%A9/na%C3%AFve.txt"));
        assertEquals("caf\u00e9/na\u00efve.txt", name("http://host:8080/caf\u00e9/na%c3%afve.txt"));
        assertEquals("a.txt", SyncEvents.fileName(URI.create("http://h/a.txt"), URI.create("http://h:80/")));
        assertEquals("~user/50%.txt", name("http://host:8080/%7Euser/50%25.txt"));
    }

    @Test
    void aDirectoryUrlAndItsIndexAFileAndItsChildrenGetDifferentNames() {
        assertEquals("@index", name("http://host:8080/"));
        assertEquals("@index", name("http://host:8080"));
        assertEquals("x/@index", name("http://host:8080/x/"));
        assertEquals("x/index@", name("http://host:8080/x/index"));
        assertEquals("x/index.html", name("http://host:8080/x/index.html"));
        // a file without a dot is marked, a directory with one is: the two kinds never share a name
        assertEquals("a@", name("http://host:8080/a"));
        assertEquals("a/b@", name("http://host:8080/a/b"));
        assertEquals("v1.2@/a.txt", name("http://host:8080/v1.2/a.txt"));
        assertEquals("v1.2", name("http://host:8080/v1.2"));
    }

    @Test
    void otherSegmentsGetAHashAndKeepTheirExtension() {
        String spaced = name("http://host:8080/res/sp%20ce.txt");
        assertTrue(spaced.matches("res/sp_ce@[a-z2-7]{16}\\.txt"), spaced);
        assertNotEquals(spaced, name("http://host:8080/res/sp_ce.txt"));
        assertEquals("res/sp_ce.txt", name("http://host:8080/res/sp_ce.txt"));
        String slash = name("http://host:8080/a%2Fb");
        assertTrue(slash.matches("a_b@[a-z2-7]{16}"), slash);
        String query = name("http://host:8080/record?id=42&fmt=xml");
        assertTrue(query.matches("record_id_42_fmt_xml@[a-z2-7]{16}"), query);
        assertNotEquals(query, name("http://host:8080/record?id=42&fmt=json"));
        String device = name("http://host:8080/con.txt");
        assertTrue(device.matches("con@[a-z2-7]{16}\\.txt"), device);
        String empty = name("http://host:8080/a//b.txt");
        assertTrue(empty.matches("a/_@[a-z2-7]{16}/b\\.txt"), empty);
        String longName = "y".repeat(300) + ".pdf";
        String hashed = name("http://host:8080/res/" + longName);
        assertTrue(hashed.matches("res/y{233}@[a-z2-7]{16}\\.pdf"), hashed);
        assertEquals(254, hashed.length() - "res/".length());
        String notUtf8 = name("http://host:8080/%FF.txt");
        assertTrue(notUtf8.matches("_@[a-z2-7]{16}\\.txt"), notUtf8);
    }

    @Test
    void namesNeverClimbOutOfTheirDirectory() {
        assertEquals("etc/passwd@", name("http://host:8080/../../etc/passwd"));
        assertEquals("b@", name("http://host:8080/a/%2E%2E/b"));
        assertEquals("a/@index", name("http://host:8080/a/b/.."));
        String backslash = name("http://host:8080/a%5Cb/c.txt");
        assertTrue(backslash.matches("a_b@[a-z2-7]{16}/c\\.txt"), backslash);
    }

    @Test
    void resourcesOnOtherOriginsGoUnderADirectoryNamingTheirOrigin() {
        String other = name("http://other.org/a.txt");
        assertTrue(other.matches("other\\.org@[a-z2-7]{16}/a\\.txt"), other);
        String https = name("https://other.org/a.txt");
        assertTrue(https.matches("other\\.org@[a-z2-7]{16}/a\\.txt"), https);
        assertNotEquals(other, https);
        assertEquals(other, name("HTTP://Other.ORG:80/a.txt"));
        assertTrue(name("http://other.org:9000/a.txt").matches("other\\.org_9000@[a-z2-7]{16}/a\\.txt"));
        assertTrue(name("https://host:8080/a.txt").startsWith("host_8080@"), "another scheme is another origin");
        assertNotEquals(name("http://host:8080/other.org/a.txt"), other);
        String urn = name("urn:uuid:0b116a23");
        assertTrue(urn.matches("urn@[a-z2-7]{16}/uuid/0b116a23@"), urn);
        // without a Source origin (the publisher's store) every resource is under its host
        assertEquals("other.org/a.txt", SyncEvents.fileName(URI.create("http://other.org/a.txt"), null));
        assertEquals("other.org_9000/a.txt", SyncEvents.fileName(URI.create("http://other.org:9000/a.txt"), null));
    }

    /** Letters and digits of any script, {@code . - _ ~ %} are kept; a name with any other character is hashed. */
    @Test
    void namesKeepOnlySafeCharacters() throws Exception {
        for (char c = 0x20; c < 0x7f; c++) {
            if (c == '/' || c == '?' || c == '#') {
                continue;
            }
            URI location = new URI("http", null, "host", 8080, "/x" + c + "y.txt", null, null);
            boolean safe = Character.isLetterOrDigit(c) || ".-_~%".indexOf(c) >= 0;
            String n = SyncEvents.fileName(location, ORIGIN);
            if (safe) {
                assertEquals("x" + c + "y.txt", n, "character " + (int) c);
            } else {
                assertTrue(n.matches("x_y@[a-z2-7]{16}\\.txt"), "character " + (int) c + ": " + n);
            }
        }
    }

    @Test
    void locationsOfNamesUndoTheMarks() throws Exception {
        for (String path : List.of("/res/1.txt", "/x/", "/x/index", "/a/b", "/v1.2/a.txt", "/", "/caf%C3%A9/x.txt")) {
            URI location = ORIGIN.resolve(path);
            assertEquals(location.toASCIIString(),
                    FileNames.locationOf(SyncEvents.fileName(location, ORIGIN), ORIGIN).toASCIIString(), path);
        }
    }

    // ---- properties over random nasty locations

    /** Pieces of segments: each is a canonical (RFC 3986 normalized) raw text. */
    private static final List<String> ATOMS = List.of("a", "B", "index", "x", "0", ".", "..", "-", "_", "~", "%25",
            "%20", "%2F", "%5C", "%3A", "%3F", "%23", "%00", "%FF", "%C3%A9", "%E2%80%8B", "%CC%81", "%F0%9F%98%80",
            "@", "+", "=", ":", ",", ";", "!", "$", "&", "'", "(", ")", "*", "con", "CON", "nul", "lpt1", "%E4%B8%AD");

    /** A resource in the model: its canonical form, and the parts every rendering of it shares. */
    private record Model(String scheme, String host, int port, List<String> segments, String query, boolean opaque) {

        String key() {
            return opaque ? scheme + ":" + String.join(":", segments)
                    : scheme + "://" + host + ":" + port + "/" + String.join("/", segments)
                      + (query == null ? "" : "?" + query);
        }
    }

    @Test
    void everyResourceGetsOneNameAndDifferentResourcesDifferentCreatableNames() {
        Random random = new Random(20261130L);
        Map<String, String> nameOfKey = new HashMap<>();
        Map<String, String> keyOfName = new HashMap<>();
        Path root = Path.of("/mirror");
        for (int i = 0; i < 20_000; i++) {
            Model m = model(random);
            String location = render(m, random);
            String n = SyncEvents.fileName(URI.create(location), ORIGIN);
            String again = SyncEvents.fileName(URI.create(render(m, random)), ORIGIN);
            assertEquals(n, again, "two spellings of " + m.key() + ": " + location);
            String known = nameOfKey.putIfAbsent(m.key(), n);
            if (known != null) {
                assertEquals(known, n, "one resource, two names: " + m.key());
            }
            String other = keyOfName.putIfAbsent(n, m.key());
            if (other != null && !other.equals(m.key())) {
                fail("two resources, one name " + n + ": " + other + " and " + m.key());
            }
            assertCreatable(n, location);
            Path file = root.resolve(n).normalize();
            assertTrue(file.startsWith(root) && !file.equals(root), n);
        }
        // no name is a directory another name needs
        for (String n : keyOfName.keySet()) {
            for (int slash = n.indexOf('/'); slash >= 0; slash = n.indexOf('/', slash + 1)) {
                String dir = n.substring(0, slash);
                assertFalse(keyOfName.containsKey(dir), "the file " + dir + " (" + keyOfName.get(dir)
                                                        + ") is a directory of " + n + " (" + keyOfName.get(n) + ")");
            }
        }
        assertTrue(keyOfName.size() > 10_000, "the search found enough different resources: " + keyOfName.size());
    }

    private static void assertCreatable(String name, String location) {
        for (String segment : name.split("/", -1)) {
            assertFalse(segment.isEmpty() || segment.equals(".") || segment.equals(".."), name + " of " + location);
            assertTrue(segment.getBytes(StandardCharsets.UTF_8).length <= 255, "segment too long in " + location);
            for (char c : segment.toCharArray()) {
                assertTrue(c >= 0x20 && "\\:*?\"<>|".indexOf(c) < 0, "character " + (int) c + " in " + name);
            }
            assertFalse(segment.endsWith("."), "Windows drops the trailing dot of " + segment);
            String base = segment.contains(".") ? segment.substring(0, segment.indexOf('.')) : segment;
            assertFalse(base.toLowerCase(Locale.ROOT).matches("con|prn|aux|nul|com[1-9]|lpt[1-9]"),
                    "Windows device name " + segment);
        }
    }

    private static final List<String[]> ORIGINS = List.of(new String[] { "http", "host", "8080" },
            new String[] { "https", "host", "8080" }, new String[] { "http", "other.org", "80" },
            new String[] { "https", "other.org", "443" }, new String[] { "http", "other.org", "9000" },
            new String[] { "http", "host_8080", "80" }, new String[] { "http", "[::1]", "8080" });

    private static Model model(Random random) {
        boolean opaque = random.nextInt(20) == 0;
        String[] origin = random.nextInt(3) == 0 ? ORIGINS.get(random.nextInt(ORIGINS.size())) : ORIGINS.get(0);
        int n = 1 + random.nextInt(4);
        List<String> segments = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            segments.add(segment(random, opaque));
        }
        String query = !opaque && random.nextInt(8) == 0 ? segment(random, false).replace(".", "") : null;
        if (opaque) {
            if (segments.size() == 1 && segments.get(0).isEmpty()) {
                segments.set(0, "x"); // "urn:" is no URI
            }
            return new Model(random.nextBoolean() ? "urn" : "tag", null, -1, segments, null, true);
        }
        return new Model(origin[0], origin[1], Integer.parseInt(origin[2]), segments, query, false);
    }

    /** A canonical raw segment: atoms, sometimes a long run, never a bare dot segment (that is no segment). */
    private static String segment(Random random, boolean opaque) {
        StringBuilder sb = new StringBuilder();
        int kind = random.nextInt(10);
        if (kind == 0) {
            return ""; // an empty segment ("//", or a directory URL when last)
        }
        if (kind == 1) {
            int len = 240 + random.nextInt(40); // around the 255-byte limit, in bytes of UTF-8
            for (int i = 0; sb.length() < len; i++) {
                sb.append(random.nextInt(6) == 0 ? "%C3%A9" : "y");
            }
        } else {
            int atoms = 1 + random.nextInt(3);
            for (int i = 0; i < atoms; i++) {
                sb.append(ATOMS.get(random.nextInt(ATOMS.size())));
            }
        }
        String s = sb.toString();
        if (!opaque && (s.equals(".") || s.equals(".."))) {
            return s + "x";
        }
        return opaque ? s.replace(":", "%3A") : s;
    }

    /** One of the many spellings of a resource: case, escapes of unreserved characters, default port, dot segments. */
    private static String render(Model m, Random random) {
        StringBuilder sb = new StringBuilder();
        String scheme = random.nextBoolean() ? m.scheme() : m.scheme().toUpperCase(Locale.ROOT);
        if (m.opaque()) {
            sb.append(scheme).append(':');
            for (int i = 0; i < m.segments().size(); i++) {
                sb.append(i == 0 ? "" : ":").append(spell(m.segments().get(i), random));
            }
            return sb.toString();
        }
        sb.append(scheme).append("://").append(random.nextBoolean() ? m.host() : m.host().toUpperCase(Locale.ROOT));
        boolean defaultPort = m.port() == (m.scheme().equals("https") ? 443 : 80);
        if (!defaultPort || random.nextBoolean()) {
            sb.append(':').append(m.port());
        }
        for (String s : m.segments()) {
            sb.append('/');
            if (random.nextInt(10) == 0) {
                sb.append(random.nextBoolean() ? "./" : "zz/../");
            }
            sb.append(spell(s, random));
        }
        if (m.query() != null) {
            sb.append('?').append(spell(m.query(), random));
        }
        if (random.nextInt(10) == 0) {
            sb.append("#fragment");
        }
        return sb.toString();
    }

    /** Unreserved characters sometimes escaped, escapes sometimes in lower case, UTF-8 sometimes as raw characters. */
    private static String spell(String canonical, Random random) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < canonical.length();) {
            char c = canonical.charAt(i);
            if (c == '%') {
                int run = i;
                while (run < canonical.length() && canonical.charAt(run) == '%') {
                    run += 3;
                }
                String escapes = canonical.substring(i, run);
                String raw = rawCharacters(escapes);
                sb.append(raw != null && random.nextInt(3) == 0 ? raw
                        : random.nextBoolean() ? escapes : escapes.toLowerCase(Locale.ROOT));
                i = run;
            } else {
                boolean unreserved = Character.isLetterOrDigit(c) || "-._~".indexOf(c) >= 0;
                sb.append(unreserved && random.nextInt(8) == 0 ? String.format("%%%02x", (int) c) : String.valueOf(c));
                i++;
            }
        }
        return sb.toString();
    }

    /** The characters a run of escapes encodes, when every one is a non-ASCII letter a URI may carry raw. */
    private static String rawCharacters(String escapes) {
        byte[] bytes = HexFormat.of().parseHex(escapes.replace("%", ""));
        String s = new String(bytes, StandardCharsets.UTF_8);
        if (!java.util.Arrays.equals(s.getBytes(StandardCharsets.UTF_8), bytes)) {
            return null;
        }
        return s.codePoints().allMatch(cp -> cp >= 0x80 && Character.isLetter(cp)) ? s : null;
    }

    @Test
    void theHashSpellsLowerCaseBase32() {
        Set<Character> seen = new java.util.HashSet<>();
        for (int i = 0; i < 200; i++) {
            String n = name("http://host:8080/%20" + i);
            n.substring(n.indexOf('@') + 1).chars().forEach(c -> seen.add((char) c));
        }
        assertTrue("abcdefghijklmnopqrstuvwxyz234567".chars().allMatch(c -> seen.contains((char) c)), seen::toString);
        assertEquals(32, seen.size());
    }
}
