package io.github.camelresourcesync.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * Structural validation of a ResourceSync document against the Sitemap 0.9 schema (sitemap.xsd / siteindex.xsd) with
 * the ResourceSync extensions (rs:md, rs:ln of the ResourceSync 1.1 schema): well-formed XML, namespaces, element
 * order and cardinality, attribute sets and value types, the 50,000-entry limit, and the per-capability rules
 * ({@code at} on Resource Lists, {@code from} on Change Lists, {@code change} and 1.1 {@code datetime} on each change).
 * No XSD ships with the project, so the schemas' content models are written out here.
 */
public final class SitemapStructure {

    public static final String SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    public static final String RS_NS = "http://www.openarchives.org/rs/terms/";

    private static final Pattern W3C_DATETIME = Pattern.compile(
            "\\d{4}(-\\d{2}(-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2}))?)?)?");
    private static final Pattern HASH = Pattern.compile("(md5|sha-1|sha-256|sha-512):[0-9a-f]+( (md5|sha-1|sha-256|sha-512):[0-9a-f]+)*");
    private static final Set<String> CAPABILITIES = Set.of("description", "capabilitylist", "resourcelist",
            "changelist", "resourcedump", "changedump", "resourcedump-manifest", "changedump-manifest",
            "resourcelist-archive", "resourcedump-archive", "changelist-archive", "changedump-archive");
    private static final Set<String> MD_ATTRS = Set.of("capability", "at", "completed", "from", "until", "datetime",
            "change", "hash", "length", "type", "encoding", "path");
    private static final Set<String> LN_ATTRS = Set.of("rel", "href", "hash", "length", "modified", "path", "pri",
            "type", "encoding");
    private static final Set<String> TIME_ATTRS = Set.of("at", "completed", "from", "until", "datetime", "modified");
    private static final Set<String> CHANGE_LIKE = Set.of("changelist", "changedump-manifest");

    private SitemapStructure() {
    }

    /** The problems found; empty when the document is valid. */
    public static List<String> check(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return check(in, file.toString());
        }
    }

    /** Throws an {@link AssertionError} listing every problem. */
    public static void assertValid(Path file) throws IOException {
        List<String> problems = check(file);
        if (!problems.isEmpty()) {
            throw new AssertionError(file + " is not a valid ResourceSync document:\n  " + String.join("\n  ",
                    problems));
        }
    }

    public static List<String> check(InputStream in, String name) {
        List<String> p = new ArrayList<>();
        Document doc;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(null);
            doc = b.parse(in);
        } catch (Exception e) {
            p.add("not well-formed: " + e.getMessage());
            return p;
        }
        Element root = doc.getDocumentElement();
        boolean urlset = is(root, SITEMAP_NS, "urlset");
        if (!urlset && !is(root, SITEMAP_NS, "sitemapindex")) {
            p.add("root must be {" + SITEMAP_NS + "}urlset or sitemapindex, not {" + root.getNamespaceURI() + "}"
                  + root.getLocalName());
            return p;
        }
        String entryName = urlset ? "url" : "sitemap";
        String capability = null;
        int state = 0; // 0: document ln/md, 1: entries
        int mdCount = 0;
        int entries = 0;
        for (Element e : children(root)) {
            String where = name + " /" + root.getLocalName() + "/" + e.getLocalName();
            if (is(e, RS_NS, "ln")) {
                if (state > 0) {
                    p.add(where + ": document rs:ln after the first entry");
                }
                checkLn(e, where, p);
            } else if (is(e, RS_NS, "md")) {
                if (state > 0 || ++mdCount > 1) {
                    p.add(where + ": one document rs:md, before the entries");
                }
                checkMd(e, where, p);
                capability = e.getAttribute("capability");
                if (!CAPABILITIES.contains(capability)) {
                    p.add(where + ": capability '" + capability + "' is not a ResourceSync capability");
                }
            } else if (is(e, SITEMAP_NS, entryName)) {
                state = 1;
                entries++;
                checkEntry(e, where + "[" + entries + "]", capability, urlset, p);
            } else {
                p.add(where + ": unexpected element {" + e.getNamespaceURI() + "}" + e.getLocalName());
            }
        }
        if (mdCount == 0) {
            p.add(name + ": the document has no rs:md (capability is required)");
        }
        if (entries > 50_000) {
            p.add(name + ": " + entries + " entries, more than the Sitemap limit of 50,000");
        }
        Element md = first(root, RS_NS, "md");
        if (md != null && capability != null) {
            if (capability.equals("resourcelist") && !md.hasAttribute("at")) {
                p.add(name + ": a Resource List needs rs:md at");
            }
            if (CHANGE_LIKE.contains(capability) && urlset && entries > 0 && !md.hasAttribute("from")) {
                p.add(name + ": a Change List with changes needs rs:md from");
            }
        }
        return p;
    }

    private static void checkEntry(Element url, String where, String capability, boolean urlset, List<String> p) {
        int stage = 0; // loc, lastmod, changefreq, priority, then extensions
        String[] order = { "loc", "lastmod", "changefreq", "priority" };
        Element md = null;
        boolean loc = false;
        for (Element c : children(url)) {
            if (SITEMAP_NS.equals(c.getNamespaceURI())) {
                int i = List.of(order).indexOf(c.getLocalName());
                if (i < 0 || (!urlset && i > 1)) {
                    p.add(where + ": unexpected sitemap element " + c.getLocalName());
                } else if (i < stage || stage == 4) {
                    p.add(where + ": " + c.getLocalName() + " out of order (loc, lastmod, changefreq, priority)");
                } else {
                    stage = i + 1;
                }
                if (i == 0) {
                    loc = true;
                    String v = c.getTextContent().trim();
                    if (v.length() > 2048 || !URI.create(v).isAbsolute()) {
                        p.add(where + ": loc must be an absolute URI of at most 2048 characters: " + v);
                    }
                } else if (i == 1 && !W3C_DATETIME.matcher(c.getTextContent().trim()).matches()) {
                    p.add(where + ": lastmod is not a W3C datetime: " + c.getTextContent());
                }
            } else if (is(c, RS_NS, "md")) {
                stage = 4;
                if (md != null) {
                    p.add(where + ": two rs:md");
                }
                md = c;
                checkMd(c, where, p);
            } else if (is(c, RS_NS, "ln")) {
                stage = 4;
                checkLn(c, where, p);
            } else {
                p.add(where + ": unexpected element {" + c.getNamespaceURI() + "}" + c.getLocalName());
            }
        }
        if (!loc) {
            p.add(where + ": no loc");
        }
        if (urlset && capability != null && CHANGE_LIKE.contains(capability)) {
            if (md == null || !Set.of("created", "updated", "deleted").contains(md.getAttribute("change"))) {
                p.add(where + ": a change needs rs:md change=created|updated|deleted");
            } else if (!md.hasAttribute("datetime")) {
                p.add(where + ": a ResourceSync 1.1 change needs rs:md datetime");
            }
        }
        if (capability != null && capability.endsWith("manifest") && md != null && !"deleted".equals(
                md.getAttribute("change")) && !md.getAttribute("path").startsWith("/")) {
            p.add(where + ": a manifest entry needs rs:md path starting with /");
        }
    }

    private static void checkMd(Element md, String where, List<String> p) {
        checkAttributes(md, MD_ATTRS, where + "/rs:md", p);
        if (md.hasAttribute("change") && !Set.of("created", "updated", "deleted").contains(md.getAttribute("change"))) {
            p.add(where + "/rs:md: change '" + md.getAttribute("change") + "'");
        }
    }

    private static void checkLn(Element ln, String where, List<String> p) {
        checkAttributes(ln, LN_ATTRS, where + "/rs:ln", p);
        if (!ln.hasAttribute("rel") || !ln.hasAttribute("href")) {
            p.add(where + "/rs:ln: rel and href are required");
        } else if (!URI.create(ln.getAttribute("href")).isAbsolute()) {
            p.add(where + "/rs:ln: href should be absolute: " + ln.getAttribute("href"));
        }
    }

    private static void checkAttributes(Element e, Set<String> allowed, String where, List<String> p) {
        NamedNodeMap attrs = e.getAttributes();
        for (int i = 0; i < attrs.getLength(); i++) {
            Node a = attrs.item(i);
            String n = a.getLocalName() == null ? a.getNodeName() : a.getLocalName();
            if (a.getNamespaceURI() != null && !a.getNamespaceURI().isEmpty()) {
                continue; // attributes in other namespaces are allowed (anyAttribute ##other)
            }
            String v = a.getNodeValue();
            if (!allowed.contains(n)) {
                p.add(where + ": attribute " + n + " is not in the ResourceSync schema");
            } else if (TIME_ATTRS.contains(n) && !W3C_DATETIME.matcher(v).matches()) {
                p.add(where + ": " + n + "='" + v + "' is not a W3C datetime");
            } else if (n.equals("hash") && !HASH.matcher(v).matches()) {
                p.add(where + ": hash='" + v + "' is not algorithm:hex");
            } else if ((n.equals("length") || n.equals("pri")) && !v.matches("\\d+")) {
                p.add(where + ": " + n + "='" + v + "' is not a non-negative integer");
            }
        }
    }

    private static boolean is(Element e, String ns, String local) {
        return ns.equals(e.getNamespaceURI()) && local.equals(e.getLocalName());
    }

    private static Element first(Element parent, String ns, String local) {
        for (Element c : children(parent)) {
            if (is(c, ns, local)) {
                return c;
            }
        }
        return null;
    }

    private static List<Element> children(Element parent) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                out.add(e);
            }
        }
        return out;
    }
}
