package io.github.camelresourcesync.http;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where a fetcher may go, so a Source (or a feed, a node, a hub's answer) cannot steer it at internal addresses (cloud
 * metadata services, admin consoles, local files). Two separate questions:
 * <ul>
 * <li><b>schemes</b>: {@code http} and {@code https} always; {@code file:} and {@code classpath:} only when the URL the
 * operator configured is itself local ({@link #allowsLocal()}), never because a document names them; anything else
 * ({@code jar:}, {@code ftp:}, {@code data:} ...) never;</li>
 * <li><b>hosts</b>: a host is allowed when it equals an allowed name or is a subdomain of one (as the reference client
 * {@code resync} judges authority); IP addresses match only exactly as written, so other spellings of an address
 * (decimal, octal, IPv6-mapped) are refused. A local configured URL is the operator's own document: it may name any
 * host.</li>
 * </ul>
 */
public final class AllowedHosts {

    /** Any host and local URLs: for tests and tools that fetch what their operator names, never for a harvester. */
    public static final AllowedHosts ANY = new AllowedHosts(Set.of(), true, true);

    /** Nothing at all: the policy of a fetcher nobody configured. */
    public static final AllowedHosts NONE = new AllowedHosts(Set.of(), false, false);

    private final Set<String> hosts;
    private final boolean anyHost;
    private final boolean local;

    private AllowedHosts(Set<String> hosts, boolean anyHost, boolean local) {
        this.hosts = hosts;
        this.anyHost = anyHost;
        this.local = local;
    }

    /**
     * The policy of a fetcher that starts at {@code configured} (a Source, feed, node or hub URL the operator set): its
     * host and subdomains, plus the names in {@code extra} (comma or space separated; {@code *} allows any host). A
     * {@code file:} or {@code classpath:} URL is the operator's own: it may also read local URLs and name any host.
     */
    public static AllowedHosts forConfiguredUrl(URI configured, String extra) {
        String scheme = schemeOf(configured);
        if (scheme.equals("file") || scheme.equals("classpath")) {
            return new AllowedHosts(Set.of(), true, true);
        }
        AllowedHosts own = new AllowedHosts(Set.of(), false, false).plus(configured.getHost());
        return extra == null ? own : own.plus(extra.split("[,\\s]+"));
    }

    /** Exactly these hosts and their subdomains ({@code *}: any host); no local URLs. */
    public static AllowedHosts of(String... names) {
        return new AllowedHosts(Set.of(), false, false).plus(names);
    }

    /** This policy plus {@code more} (a hub the operator configured next to the Source, say; {@code *}: any host). */
    public AllowedHosts plus(String... more) {
        Set<String> names = new LinkedHashSet<>(hosts);
        boolean any = anyHost;
        for (String name : more) {
            String n = normalise(name);
            if ("*".equals(n)) {
                any = true;
            } else if (n != null) {
                names.add(n);
            }
        }
        return new AllowedHosts(Set.copyOf(names), any, local);
    }

    private static String schemeOf(URI uri) {
        return uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    }

    private static String normalise(String name) {
        if (name == null) {
            return null;
        }
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (n.startsWith("*.")) {
            n = n.substring(2);
        } else if (n.startsWith(".")) {
            n = n.substring(1);
        }
        if (n.startsWith("[") && n.endsWith("]")) {
            n = n.substring(1, n.length() - 1);
        }
        if (n.endsWith(".")) {
            n = n.substring(0, n.length() - 1);
        }
        return n.isEmpty() ? null : n;
    }

    /** Any host may be fetched from (local URLs are a separate question: {@link #allowsLocal()}). */
    public boolean isAnyHost() {
        return anyHost;
    }

    /** {@code file:} and {@code classpath:} URLs may be read: only when the configured URL is itself local. */
    public boolean allowsLocal() {
        return local;
    }

    /** Whether a request to {@code host} (a name or an IP address) is allowed. */
    public boolean allowsHost(String host) {
        if (anyHost) {
            return true;
        }
        String h = normalise(host);
        if (h == null) {
            return false;
        }
        for (String allowed : hosts) {
            if (h.equals(allowed) || !isIpLiteral(allowed) && !isIpLiteral(h) && h.endsWith("." + allowed)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code uri} may be fetched. */
    public boolean allows(URI uri) {
        return refusal(uri) == null;
    }

    /**
     * Why {@code uri} may not be fetched, as the end of a sentence ("scheme jar: is not fetched ..."), or
     * {@code null} when it may.
     */
    public String refusal(URI uri) {
        String scheme = schemeOf(uri);
        switch (scheme) {
            case "http", "https" -> {
                if (uri.getHost() == null) {
                    return "the URL has no host name";
                }
                return allowsHost(uri.getHost()) ? null : "host " + uri.getHost() + " is not allowed (allowed: "
                        + describe() + "); add the host to allowedHosts, or set allowedHosts=* to allow any host";
            }
            case "file", "classpath" -> {
                return local ? null : "scheme " + scheme + ": is not allowed here: local files are read only when the"
                        + " configured URL is itself a " + scheme + ": URL, never because a document names them";
            }
            default -> {
                return "scheme " + (scheme.isEmpty() ? "(none)" : scheme + ":") + " is not fetched (only http: and"
                        + " https:" + (local ? ", file: and classpath:" : "") + ")";
            }
        }
    }

    private static boolean isIpLiteral(String host) {
        return host.indexOf(':') >= 0 || host.chars().allMatch(c -> c == '.' || c >= '0' && c <= '9');
    }

    /** For messages: {@code example.org, cdn.example.net and their subdomains}. */
    public String describe() {
        if (anyHost) {
            return "any host";
        }
        if (hosts.isEmpty()) {
            return "no host";
        }
        List<String> names = new ArrayList<>(hosts);
        names.sort(null);
        return String.join(", ", names) + (names.size() == 1 ? " and its subdomains" : " and their subdomains");
    }

    @Override
    public String toString() {
        return "AllowedHosts[" + describe() + (local ? ", local URLs" : "") + "]";
    }
}
