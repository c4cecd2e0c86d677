package io.github.camelresourcesync.testsupport;

import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.model.Hashes;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;

/**
 * What an independent client of a published Source checks on each event of its {@code resourcesync:} consumer: where
 * the event came from ({@code capability change}), a {@code datetime} on every Change List entry, and the body against
 * the published md5 and sha-256 (recomputed here, on top of the consumer's own fixity check). Put it before the
 * mirror step; it leaves the body readable.
 */
public final class ClientChecks implements Processor {

    private final List<String> received = new CopyOnWriteArrayList<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();

    @Override
    public void process(Exchange e) throws Exception {
        String capability = e.getIn().getHeader(ResourceSyncConstants.CAPABILITY, String.class);
        String change = e.getIn().getHeader(ResourceSyncConstants.CHANGE, String.class);
        Object location = e.getIn().getHeader(ResourceSyncConstants.LOCATION);
        received.add(capability + " " + change);
        if ("changelist".equals(capability) && e.getIn().getHeader(ResourceSyncConstants.DATETIME) == null) {
            problems.add("a change without datetime: " + location);
        }
        if ("deleted".equals(change)) {
            return;
        }
        byte[] body = e.getIn().getBody(byte[].class);
        e.getIn().setBody(body);
        Hashes published = Hashes.parse(e.getIn().getHeader(ResourceSyncConstants.HASH, String.class));
        for (String algorithm : List.of("md5", "sha-256")) {
            String digest = HexFormat.of().formatHex(MessageDigest.getInstance(Hashes.jcaName(algorithm))
                    .digest(body));
            if (!digest.equals(published.get(algorithm))) {
                problems.add(location + ": " + algorithm + " published " + published.get(algorithm) + ", body "
                             + digest);
            }
        }
    }

    /** {@code capability change} of every event, in order. */
    public List<String> received() {
        return received;
    }

    /** Everything that did not verify; empty when all did. */
    public List<String> problems() {
        return problems;
    }
}
