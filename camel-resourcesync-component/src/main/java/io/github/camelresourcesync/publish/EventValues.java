package io.github.camelresourcesync.publish;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.MediaTypes;
import io.github.camelresourcesync.model.Printable;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.xml.XmlChars;

/**
 * Checks each value an event brings into the published documents where it enters the publisher, so a value no
 * document can hold (a control character, a media type that is none, a negative length) refuses that one event
 * instead of being stored and failing every later write of the documents that list it. {@link Publisher#open} puts
 * what an earlier version stored unchecked through the same checks ({@link #problem(Published)}).
 *
 * <p>
 * {@code what} names the value for the message: the header it came from, or the event field.
 */
public final class EventValues {

    /** W3C datetimes have four-digit years ({@link Instant#toString()} writes others with a sign). */
    private static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");
    private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");
    private static final Pattern ALGORITHM = Pattern.compile("[A-Za-z0-9-]+");

    private EventValues() {
    }

    /** An absolute URI whose text XML can hold. */
    public static URI location(URI location, String what) throws PublishException {
        if (location == null || !location.isAbsolute() || XmlChars.firstIllegal(location.toString()) >= 0) {
            throw refused(what, location, "an absolute URI of XML 1.0 characters");
        }
        return location;
    }

    /** The location as header text: parsed here, so a bad one is reported escaped, not in URI's own message. */
    public static URI location(String text, String what) throws PublishException {
        try {
            return location(new URI(text), what);
        } catch (java.net.URISyntaxException e) {
            throw refused(what, text, "an absolute URI (" + e.getReason() + " at index " + e.getIndex() + ")");
        }
    }

    /** Null (none), or an RFC 6838 media type. */
    public static String mediaType(String value, String what) throws PublishException {
        if (value != null && !MediaTypes.isValid(value)) {
            throw refused(what, value, MediaTypes.EXPECTED);
        }
        return value;
    }

    /** Hash header text: every token {@code algorithm:hexdigest} (the lenient parse drops bad ones silently). */
    public static Hashes hash(String text, String what) throws PublishException {
        List<String> problems = new ArrayList<>();
        Hashes hashes = Hashes.parse(text, problems::add);
        if (!problems.isEmpty()) {
            throw refused(what, text, "space-separated algorithm:hexdigest values (" + problems.get(0) + ")");
        }
        return hash(hashes, what);
    }

    public static Hashes hash(Hashes hash, String what) throws PublishException {
        for (String algorithm : hash.digests().keySet()) {
            if (!ALGORITHM.matcher(algorithm).matches()) {
                throw refused(what, hash.toString(), "algorithm names of letters, digits and '-' (md5, sha-256)");
            }
        }
        return hash;
    }

    /** Null (unknown), or a byte count. */
    public static Long length(Long length, String what) throws PublishException {
        if (length != null && length < 0) {
            throw refused(what, length, "a number of bytes, 0 or more");
        }
        return length;
    }

    /** Null, or a time a W3C datetime can say (years 0000 to 9999). */
    public static Instant time(Instant time, String what) throws PublishException {
        if (time != null && (time.isBefore(FIRST) || time.isAfter(LAST))) {
            throw refused(what, time, "a time in the years 0000 to 9999");
        }
        return time;
    }

    /** Every value of {@code ev} the documents show; what the publisher computes itself needs no check. */
    static void check(SyncEvent ev) throws PublishException {
        location(ev.location(), "the location of an event");
        String of = " of " + ev.location();
        mediaType(ev.mediaType(), "the media type" + of);
        hash(ev.hash(), "the hash" + of);
        length(ev.length(), "the length" + of);
        time(ev.datetime(), "the datetime" + of);
        time(ev.lastModified(), "the lastmod" + of);
    }

    /** Why a stored record cannot go into a document, or null when it can. */
    static String problem(Published p) {
        try {
            location(p.loc(), "its location");
            if (p.via() != null) {
                location(p.via(), "its original location");
            }
            mediaType(p.type(), "its media type");
            hash(p.hash(), "its hash");
            length(p.length(), "its length");
            time(p.datetime(), "its datetime");
            time(p.lastmod(), "its lastmod");
            return null;
        } catch (PublishException e) {
            return e.getMessage();
        }
    }


    private static PublishException refused(String what, Object value, String expected) {
        return new PublishException(what + " is \"" + Printable.escaped(value) + "\": expected " + expected);
    }
}
