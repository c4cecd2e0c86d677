/**
 * The META-SHARE example: a catalogue kept from the sync events of a {@code resourcesync-metashare:} route (record
 * summaries read from each record's XML). Uses the component's public headers only.
 */
package io.github.camelresourcesync.examples.metashare;
