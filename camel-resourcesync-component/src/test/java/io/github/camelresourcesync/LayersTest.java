package io.github.camelresourcesync;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Holds the code to the layers its {@code package-info.java} files declare (docs/architecture.md): every package says
 * "Layer: core|Camel. May import: ...; of Camel, ...", and every reference of a main class to another project
 * package or to Camel (an import or a qualified name in code) must be allowed there. A core package may import only
 * core packages, so no arrow points from the core up into the Camel layer.
 */
class LayersTest {

    private static final String BASE = "io.github.camelresourcesync";
    private static final Path MAIN = Path.of("src/main/java/io/github/camelresourcesync");
    private static final Pattern LAYER = Pattern.compile("Layer: (core|Camel)\\b");
    private static final Pattern MAY_IMPORT = Pattern.compile("May import: ([^;]*); of Camel, (nothing|anything|only \\{@code org\\.apache\\.camel\\.util})");
    private static final Pattern CODE = Pattern.compile("\\{@code ([a-z.]+)}");
    private static final Pattern PROJECT_REF = Pattern.compile("\\bio\\.github\\.camelresourcesync((?:\\.[a-z][a-z0-9]*)*)\\.[A-Z*]");
    private static final Pattern CAMEL_REF = Pattern.compile("\\borg\\.apache\\.camel((?:\\.[a-z][a-z0-9]*)*)\\.[A-Z*]");

    /** What a package declares: its layer, the project packages it may use, and how much of Camel. */
    record Rule(boolean core, Set<String> packages, boolean everyCorePackage, String camel) {
    }

    private static final Map<String, Rule> RULES = new TreeMap<>();

    @BeforeAll
    static void readPackageInfos() throws IOException {
        for (String pkg : packages()) {
            Path info = dir(pkg).resolve("package-info.java");
            assertTrue(Files.exists(info), "package " + name(pkg) + " has no package-info.java saying its layer");
            String text = Files.readString(info).replaceAll("\\s*\\n\\s*\\*\\s*", " ");
            Matcher layer = LAYER.matcher(text);
            Matcher may = MAY_IMPORT.matcher(text);
            assertTrue(layer.find() && may.find(), name(pkg) + "/package-info.java must say \"Layer: core|Camel.\" and"
                                                   + " \"May import: ...; of Camel, nothing|only {@code"
                                                   + " org.apache.camel.util}|anything.\"");
            Set<String> allowed = new TreeSet<>();
            Matcher code = CODE.matcher(may.group(1));
            while (code.find()) {
                allowed.add(code.group(1).equals("resourcesync") ? "" : code.group(1));
            }
            String camel = may.group(2).trim();
            assertTrue(Set.of("nothing", "anything", "only {@code org.apache.camel.util}").contains(camel),
                    name(pkg) + ": unknown Camel rule '" + camel + "'");
            RULES.put(pkg, new Rule(layer.group(1).equals("core"), allowed,
                    may.group(1).contains("every core package"), camel));
        }
    }

    @Test
    void everyPackageNamesOnlyPackagesThatExistAndTheCoreNamesOnlyTheCore() {
        List<String> wrong = new ArrayList<>();
        RULES.forEach((pkg, rule) -> {
            for (String allowed : rule.packages()) {
                Rule target = RULES.get(allowed);
                if (target == null) {
                    wrong.add(name(pkg) + " may import " + name(allowed) + ", which does not exist");
                } else if (rule.core() && !target.core()) {
                    wrong.add("core package " + name(pkg) + " may import the Camel-layer package " + name(allowed));
                }
            }
            if (rule.core() && (rule.everyCorePackage() || "anything".equals(rule.camel()))) {
                wrong.add("core package " + name(pkg) + " must name what it may import and may not use Camel");
            }
        });
        assertEquals(List.of(), wrong);
    }

    @Test
    void everyReferenceIsOneItsPackageAllows() throws IOException {
        List<String> violations = new ArrayList<>();
        for (Map.Entry<String, Rule> e : RULES.entrySet()) {
            String pkg = e.getKey();
            Rule rule = e.getValue();
            try (Stream<Path> files = Files.list(dir(pkg))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String code = withoutComments(Files.readString(file));
                    Matcher ref = PROJECT_REF.matcher(code);
                    while (ref.find()) {
                        String target = ref.group(1).isEmpty() ? "" : ref.group(1).substring(1);
                        if (!target.equals(pkg) && !allows(rule, target)) {
                            violations.add(file.getFileName() + " (" + name(pkg) + ") uses " + name(target));
                        }
                    }
                    Matcher camel = CAMEL_REF.matcher(code);
                    while (camel.find()) {
                        boolean util = camel.group(1).startsWith(".util");
                        if ("nothing".equals(rule.camel()) || (!"anything".equals(rule.camel()) && !util)) {
                            violations.add(file.getFileName() + " (" + name(pkg) + ") uses org.apache.camel" + camel.group(1));
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), violations.stream().distinct().toList());
    }

    private static boolean allows(Rule rule, String target) {
        if (rule.packages().contains(target)) {
            return true;
        }
        Rule t = RULES.get(target);
        return rule.everyCorePackage() && t != null && t.core();
    }

    /** Java source without comments and string literals, so only code counts. */
    static String withoutComments(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ")
                .replaceAll("\"(?:\\\\.|[^\"\\\\\\n])*\"", "\"\"");
    }

    private static List<String> packages() throws IOException {
        try (Stream<Path> dirs = Files.walk(MAIN)) {
            return dirs.filter(Files::isDirectory).filter(LayersTest::holdsJava)
                    .map(d -> MAIN.relativize(d).toString().replace('/', '.')).toList();
        }
    }

    private static boolean holdsJava(Path d) {
        try (Stream<Path> files = Files.list(d)) {
            return files.anyMatch(f -> f.toString().endsWith(".java"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path dir(String pkg) {
        return pkg.isEmpty() ? MAIN : MAIN.resolve(pkg.replace('.', '/'));
    }

    private static String name(String pkg) {
        return pkg.isEmpty() ? BASE : BASE + "." + pkg;
    }
}
