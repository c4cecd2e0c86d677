package io.github.camelresourcesync.examples.metashare;

import java.util.List;
import java.util.Map;

/**
 * What a catalogue indexes of one META-SHARE record, written as JSON by the catalogue route.
 *
 * @param id           the node's identifier of the record (the file name of its summary)
 * @param record       where the record was harvested from
 * @param metaShareId  the record's own {@code metaShareId}
 * @param names        the resource's names by language ({@code resourceName})
 * @param identifiers  the resource's identifiers (ISLRN, ELRA catalogue number, ...)
 * @param resourceType {@code corpus}, {@code lexicalConceptualResource}, {@code languageDescription} or
 *                     {@code toolService}
 * @param languages    the languages the resource covers, as {@code id (name)}, each once
 * @param licences     the licences it is distributed under
 * @param availability its availability ({@code available-restrictedUse}, ...)
 */
public record ResourceSummary(String id, String record, String metaShareId, Map<String, String> names,
                              List<String> identifiers, String resourceType, List<String> languages,
                              List<String> licences, String availability) {
}
