package io.github.camelresourcesync.examples.metashare;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.github.camelresourcesync.examples.metashare.schema.DistributionInfoType;
import io.github.camelresourcesync.examples.metashare.schema.IdentificationInfoType;
import io.github.camelresourcesync.examples.metashare.schema.LanguageInfoType;
import io.github.camelresourcesync.examples.metashare.schema.LicenceInfoType;
import io.github.camelresourcesync.examples.metashare.schema.MyString;
import io.github.camelresourcesync.examples.metashare.schema.ResourceInfoType;

/**
 * The steps of the META-SHARE catalogue route ({@code camel/metashare-catalogue.yaml}) around the JAXB classes
 * generated from the META-SHARE 3.0 schema: a record, unmarshalled by camel-jaxb, becomes a {@link ResourceSummary};
 * a deleted record's summary is removed.
 */
public final class MetashareCatalogue {

    private static final String SCHEMA_PACKAGE = ResourceInfoType.class.getPackageName();

    private MetashareCatalogue() {
    }

    /** The fields a catalogue indexes, picked from a record. */
    public static ResourceSummary summarise(ResourceInfoType record, String id, String location) {
        IdentificationInfoType identification = record.getIdentificationInfo();
        Map<String, String> names = new LinkedHashMap<>();
        List<String> identifiers = List.of();
        String metaShareId = null;
        if (identification != null) {
            for (MyString name : identification.getResourceName()) {
                names.putIfAbsent(name.getLang() == null ? "" : name.getLang(), name.getValue().strip());
            }
            identifiers = List.copyOf(identification.getIdentifier());
            metaShareId = identification.getMetaShareId();
        }
        List<String> licences = new ArrayList<>();
        String availability = null;
        DistributionInfoType distribution = record.getDistributionInfo();
        if (distribution != null) {
            availability = distribution.getAvailability();
            for (LicenceInfoType licence : distribution.getLicenceInfo()) {
                licences.addAll(licence.getLicence());
            }
        }
        return new ResourceSummary(id, location, metaShareId, names, identifiers, resourceType(record),
                languages(record), List.copyOf(new LinkedHashSet<>(licences)), availability);
    }

    /**
     * Removes the summary of a record the node deleted; nothing when there is none. A deletion carries no record, so
     * the summary is named by the event's file name ({@code <node id>.xml}, the {@code CamelFileName} header).
     */
    public static void forget(String directory, String recordFileName) throws IOException {
        if (recordFileName == null || !recordFileName.endsWith(".xml") || recordFileName.contains("/")) {
            throw new IllegalArgumentException("not the file name of a META-SHARE record: " + recordFileName);
        }
        String id = recordFileName.substring(0, recordFileName.length() - ".xml".length());
        Files.deleteIfExists(Path.of(directory).resolve(id + ".json"));
    }

    private static String resourceType(ResourceInfoType record) {
        ResourceInfoType.ResourceComponentType type = record.getResourceComponentType();
        if (type == null) {
            return null;
        }
        if (type.getCorpusInfo() != null) {
            return "corpus";
        }
        if (type.getLexicalConceptualResourceInfo() != null) {
            return "lexicalConceptualResource";
        }
        if (type.getLanguageDescriptionInfo() != null) {
            return "languageDescription";
        }
        return type.getToolServiceInfo() != null ? "toolService" : null;
    }

    /**
     * Every {@code languageInfo} of the record, wherever its resource type and media parts put it (corpus text,
     * audio, lexicon, tool input, ...): the generated classes are walked rather than each of those paths written out.
     * Sorted, so the summary does not depend on the order reflection lists the getters in.
     */
    static List<String> languages(ResourceInfoType record) {
        Set<String> found = new TreeSet<>();
        walk(record.getResourceComponentType(), found);
        return List.copyOf(found);
    }

    private static void walk(Object node, Set<String> found) {
        if (node == null) {
            return;
        }
        if (node instanceof List<?> list) {
            list.forEach(item -> walk(item, found));
            return;
        }
        if (!node.getClass().getPackageName().equals(SCHEMA_PACKAGE)) {
            return;
        }
        if (node instanceof LanguageInfoType language) {
            String name = language.getLanguageName();
            found.add(name == null ? language.getLanguageId() : language.getLanguageId() + " (" + name + ")");
            return;
        }
        for (Method getter : node.getClass().getMethods()) {
            if (getter.getName().startsWith("get") && getter.getParameterCount() == 0
                && !Modifier.isStatic(getter.getModifiers()) && getter.getDeclaringClass() != Object.class) {
                try {
                    walk(getter.invoke(node), found);
                } catch (IllegalAccessException | InvocationTargetException e) {
                    throw new IllegalStateException("reading " + getter, e);
                }
            }
        }
    }
}
