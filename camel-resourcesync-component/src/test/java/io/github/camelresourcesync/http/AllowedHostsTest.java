package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;

import org.junit.jupiter.api.Test;

/**
 * The allow-list on its own: which hosts and schemes a Source may steer the harvester to, and what the refusal says.
 * Hostile spellings (other IP notations, look-alike names, user-info tricks) must all be refused.
 */
class AllowedHostsTest {

    private static final AllowedHosts EXAMPLE = AllowedHosts.of("example.org");

    @Test
    void lookAlikeNamesAreNotSubdomains() {
        assertTrue(EXAMPLE.allows(URI.create("https://example.org/a")));
        assertTrue(EXAMPLE.allows(URI.create("https://cdn.example.org/a")));
        assertFalse(EXAMPLE.allows(URI.create("https://evil-example.org/a")), "a name merely ending in example.org");
        assertFalse(EXAMPLE.allows(URI.create("https://evilexample.org/a")));
        assertFalse(EXAMPLE.allows(URI.create("https://example.org.evil.com/a")), "example.org as a prefix");
        assertFalse(EXAMPLE.allows(URI.create("https://example.org@evil.com/a")), "user-info that looks like the host");
        assertFalse(EXAMPLE.allows(URI.create("https://example.org:443@evil.com/a")));
        assertTrue(EXAMPLE.allows(URI.create("https://evil.com@example.org/a")), "user-info is not the host");
    }

    @Test
    void otherSpellingsOfAnAllowedAddressAreRefused() {
        AllowedHosts loopback = AllowedHosts.of("127.0.0.1");
        assertTrue(loopback.allows(URI.create("http://127.0.0.1:8080/x")));
        for (String other : new String[] {"http://2130706433/x", "http://0x7f000001/x", "http://0177.0.0.1/x",
            "http://[::ffff:127.0.0.1]/x", "http://[::1]/x", "http://localhost/x",
            "http://127.000.000.001/x", "http://127.0.0.1.nip.io/x"}) {
            URI uri = URI.create(other);
            assertFalse(loopback.allows(uri), other);
            assertEquals("host " + uri.getHost() + " is not allowed (allowed: 127.0.0.1 and its subdomains); add the"
                         + " host to allowedHosts, or set allowedHosts=* to allow any host", loopback.refusal(uri));
        }
        // java.net.URI does not take these as host names at all
        assertEquals("the URL has no host name", loopback.refusal(URI.create("http://127.1/x")));
        assertEquals("the URL has no host name", loopback.refusal(URI.create("http://1.127.0.0.1/x")));
    }

    @Test
    void noAddressHasSubdomains() {
        // every digit matters: an address of nines or zeros is as much an IP literal as any other
        assertFalse(AllowedHosts.of("9.9.9.9").allowsHost("1.9.9.9.9"));
        assertFalse(AllowedHosts.of("10.0.0.0").allowsHost("7.10.0.0.0"));
        assertFalse(AllowedHosts.of("10.0.0.5").allowsHost("1.10.0.0.5"));
        assertFalse(AllowedHosts.of("::1").allowsHost("evil.::1"), "an IPv6 literal starting with a colon");
        assertFalse(AllowedHosts.of("fe80::1").allowsHost("evil.fe80::1"));
        assertTrue(AllowedHosts.of("9.9.9.9").allowsHost("9.9.9.9"));
        assertTrue(AllowedHosts.of("example9.org").allowsHost("a.example9.org"), "digits in a name are fine");
    }

    @Test
    void bracketedIpv6LiteralsMatchTheirUrls() {
        AllowedHosts v6 = AllowedHosts.of("[::1]");
        assertTrue(v6.allows(URI.create("http://[::1]:8080/x")));
        assertTrue(AllowedHosts.of("::1").allows(URI.create("http://[::1]/x")));
        assertFalse(v6.allows(URI.create("http://[::2]/x")));
        assertEquals("::1 and its subdomains", v6.describe());
    }

    @Test
    void namesAreNormalisedAndBlanksIgnored() {
        AllowedHosts a = AllowedHosts.of(" Example.ORG. ", null, "", "*.cdn.example.net", ".mirror.example.com");
        assertEquals("cdn.example.net, example.org, mirror.example.com and their subdomains", a.describe());
        assertTrue(a.allowsHost("EXAMPLE.org"));
        assertTrue(a.allowsHost("x.cdn.example.net"));
        assertTrue(a.allowsHost("mirror.example.com"));
        assertFalse(a.allowsHost(null), "no host is never allowed");
        assertFalse(a.allowsHost(""));
        assertFalse(a.allowsHost("  "));
        assertEquals("no host", AllowedHosts.of(null, " ").describe());
        assertFalse(AllowedHosts.of(null, " ").allowsHost("example.org"));
    }

    @Test
    void describeAndToStringNameThePolicy() {
        assertEquals("any host", AllowedHosts.ANY.describe());
        assertEquals("AllowedHosts[any host, local URLs]", AllowedHosts.ANY.toString());
        assertEquals("AllowedHosts[no host]", AllowedHosts.NONE.toString());
        assertEquals("AllowedHosts[example.org and its subdomains]", EXAMPLE.toString());
        assertEquals("AllowedHosts[any host]", EXAMPLE.plus("*").toString());
        assertTrue(EXAMPLE.plus("*").isAnyHost());
        assertFalse(EXAMPLE.isAnyHost());
    }

    @Test
    void localUrlsOnlyForALocalConfiguredUrl() {
        AllowedHosts remote = AllowedHosts.forConfiguredUrl(URI.create("https://example.org/source.xml"), "*");
        assertFalse(remote.allowsLocal(), "* allows hosts, not local files");
        assertFalse(EXAMPLE.allowsLocal());
        assertFalse(AllowedHosts.NONE.allowsLocal());
        assertEquals("scheme file: is not allowed here: local files are read only when the configured URL is itself"
                     + " a file: URL, never because a document names them",
                remote.refusal(URI.create("file:///etc/passwd")));
        assertEquals("scheme classpath: is not allowed here: local files are read only when the configured URL is"
                     + " itself a classpath: URL, never because a document names them",
                remote.refusal(URI.create("classpath:application.properties")));

        AllowedHosts local = AllowedHosts.forConfiguredUrl(URI.create("classpath:demo/source.xml"), null);
        assertTrue(local.allowsLocal());
        assertNull(local.refusal(URI.create("file:///srv/data.xml")));
        assertTrue(AllowedHosts.forConfiguredUrl(URI.create("FILE:/srv/source.xml"), null).allowsLocal());
    }

    @Test
    void otherSchemesAreNeverFetched() {
        assertEquals("scheme jar: is not fetched (only http: and https:)",
                EXAMPLE.refusal(URI.create("jar:http://example.org/x.jar!/a")));
        assertEquals("scheme ftp: is not fetched (only http: and https:)",
                EXAMPLE.refusal(URI.create("ftp://example.org/a")));
        assertEquals("scheme ftp: is not fetched (only http: and https:, file: and classpath:)",
                AllowedHosts.ANY.refusal(URI.create("ftp://example.org/a")), "not even when any host is allowed");
        assertEquals("scheme (none) is not fetched (only http: and https:)", EXAMPLE.refusal(URI.create("/a/b")));
        assertFalse(AllowedHosts.ANY.allows(URI.create("data:text/plain,hi")));
    }

    @Test
    void anHttpUrlWithoutHostIsRefused() {
        assertEquals("the URL has no host name", AllowedHosts.ANY.refusal(URI.create("http:/etc/passwd")));
        assertEquals("the URL has no host name", EXAMPLE.refusal(URI.create("https:///example.org/a")));
        assertFalse(AllowedHosts.ANY.allows(URI.create("http:/etc/passwd")));
    }
}
