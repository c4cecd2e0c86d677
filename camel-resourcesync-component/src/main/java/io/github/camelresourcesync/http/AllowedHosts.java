package io.github.camelresourcesync.http;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The hosts a harvester may fetch from, so a Source cannot steer it at internal addresses (cloud metadata services,
 * admin consoles, local files). A host is allowed when it equals an allowed name or is a subdomain of one (as the
 * reference client {@code resync} judges authority); IP addresses match only exactly. {@code file:} and
 * {@code classpath:} URLs have no host: they are allowed only when {@link #allowsLocal()} (a local Source, or
 * {@link #ANY}).
 */
public final class AllowedHosts {

    /** No restriction: any host, and local URLs. */
    public static final AllowedHosts ANY = new AllowedHosts(Set.of(), true);

    private final Set<String> hosts;
    private final boolean any;

    private AllowedHosts(Set<String> hosts, boolean any) {
        this.hosts = hosts;
        this.any = any;
    }

    /**
     * The policy of a harvester that starts at {@code source}: its host and subdomains, plus the names in
     * {@code extra} (comma or space separated; {@code *} allows any host). A Source read from {@code file:} or
     * {@code classpath:} is the operator's own: then any host is allowed.
     */
    public static AllowedHosts forSource(URI source, String extra) {
        Set<String> names = new LinkedHashSet<>();
        String sourceHost = normalise(source.getHost());
        if (sourceHost == null) {
            return ANY;
        }
        names.add(sourceHost);
        if (extra != null) {
            for (String name : extra.split("[,\\s]+")) {
                if (name.equals("*")) {
                    return ANY;
                }
                String n = normalise(name);
                if (n != null) {
                    names.add(n);
                }
            }
        }
        return new AllowedHosts(Set.copyOf(names), false);
    }

    /** Exactly these hosts and their subdomains; no local URLs. */
    public static AllowedHosts of(String... names) {
        Set<String> set = new LinkedHashSet<>();
        for (String name : names) {
            if ("*".equals(name)) {
                return ANY;
            }
            String n = normalise(name);
            if (n != null) {
                set.add(n);
            }
        }
        return new AllowedHosts(Set.copyOf(set), false);
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

    public boolean isAny() {
        return any;
    }

    /** {@code file:} and {@code classpath:} URLs may be read. */
    public boolean allowsLocal() {
        return any;
    }

    /** Whether a request to {@code host} (a name or an IP address) is allowed. */
    public boolean allowsHost(String host) {
        if (any) {
            return true;
        }
        String h = normalise(host);
        if (h == null) {
            return false;
        }
        for (String allowed : hosts) {
            if (h.equals(allowed) || !isIpLiteral(allowed) && h.endsWith("." + allowed)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code uri} may be fetched. */
    public boolean allows(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (scheme.equals("http") || scheme.equals("https")) {
            return allowsHost(uri.getHost());
        }
        return allowsLocal();
    }

    private static boolean isIpLiteral(String host) {
        return host.indexOf(':') >= 0 || host.chars().allMatch(c -> c == '.' || c >= '0' && c <= '9');
    }

    /** For messages: {@code example.org, cdn.example.net and their subdomains}. */
    public String describe() {
        if (any) {
            return "any host";
        }
        List<String> names = new ArrayList<>(hosts);
        names.sort(null);
        return String.join(", ", names) + (names.size() == 1 ? " and its subdomains" : " and their subdomains");
    }

    @Override
    public String toString() {
        return "AllowedHosts[" + describe() + "]";
    }
}
