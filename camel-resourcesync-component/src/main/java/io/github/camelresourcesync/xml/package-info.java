/**
 * Reading (and later writing) ResourceSync capability documents: {@link io.github.camelresourcesync.xml.SitemapReader}
 * streams {@code urlset}/{@code sitemapindex} documents of every revision into the records of the {@code model}
 * package in constant memory; {@link io.github.camelresourcesync.xml.HardenedStax} makes the StAX factories that never
 * read DTDs or external entities. Depends on {@code model} only.
 */
package io.github.camelresourcesync.xml;
