/**
 * Reading and writing ResourceSync capability documents: {@link io.github.camelresourcesync.xml.SitemapReader} streams
 * {@code urlset}/{@code sitemapindex} documents of every revision into the records of the {@code model} package in
 * constant memory, {@link io.github.camelresourcesync.xml.SitemapWriter} writes them for the publisher, and
 * {@link io.github.camelresourcesync.xml.HardenedStax} makes the StAX factories that never read DTDs or external
 * entities.
 * <p>
 * Layer: core. May import: {@code model}; of Camel, nothing.
 */
package io.github.camelresourcesync.xml;
