package io.github.camelresourcesync.bridge.metashare;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One record as the node served it: the raw bytes of {@code metadata.xml} and {@code storage-global.json}, never
 * re-serialised, and the fields of the latter.
 */
record NodeRecord(String id, byte[] metadataXml, byte[] storageGlobalJson, StorageGlobal storage) {

    /** The node's checksum: md5 over the raw metadata bytes followed by the raw storage-global bytes. */
    String checksum() {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            md5.update(metadataXml);
            md5.update(storageGlobalJson);
            return HexFormat.of().formatHex(md5.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required of every JVM", e);
        }
    }
}
