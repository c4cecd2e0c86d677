/**
 * The testkit: loopback servers for the component's tests, the examples' demo Source and the benchmarks, in plain
 * Java 17 (JDK {@code HttpServer}, string-built sitemap XML, {@code java.util.zip}). Imports nothing of the component
 * and nothing of Camel, so the component's tests can use it (the component has it in test scope) and what the tests
 * read was not written by the code under test.
 * <ul>
 * <li>{@link io.github.camelresourcesync.testsupport.SourceServer}: the one ResourceSync Source server (GET/HEAD,
 * ETags and 304, gzip, injected faults and replacement bodies, request counts) over a path-to-answer function;</li>
 * <li>{@link io.github.camelresourcesync.testsupport.TestSource}: a Source rendered from an in-memory model on it;</li>
 * <li>{@link io.github.camelresourcesync.testsupport.DirectoryServer}: a directory of files on it (the benchmarks'
 * server when nginx is absent);</li>
 * <li>{@link io.github.camelresourcesync.testsupport.SitemapXml}: the testkit's own sitemap writer, in two layouts;</li>
 * <li>{@link io.github.camelresourcesync.testsupport.TestHttpServer}: programmable per-path answers, recorded requests;
 * </li>
 * <li>{@link io.github.camelresourcesync.testsupport.MetashareNode}: the META-SHARE node emulator.</li>
 * </ul>
 * The component's test tree keeps the support that needs the component (in the same package name, on the class path).
 */
package io.github.camelresourcesync.testsupport;
