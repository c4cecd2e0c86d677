package io.github.camelresourcesync;

/**
 * {@link ResourceSyncRestartTest} against a Source whose documents are written as text, sharing no code with the
 * project's writer or reader.
 */
class ResourceSyncRestartLiteralXmlTest extends ResourceSyncRestartTest {

    @Override
    boolean literalXml() {
        return true;
    }
}
