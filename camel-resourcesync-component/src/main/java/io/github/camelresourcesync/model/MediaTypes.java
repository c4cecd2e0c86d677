package io.github.camelresourcesync.model;

import java.util.regex.Pattern;

/**
 * The syntax of a media type as HTTP carries it ({@code Content-Type}) and ResourceSync publishes it ({@code rs:md
 * type}): an RFC 6838 {@code type/subtype} with RFC 9110 parameters, printable ASCII only. A value from outside that
 * does not match (a control character, a bare word) is no media type and must not travel on into documents.
 */
public final class MediaTypes {

    /** RFC 6838 4.2 restricted-name */
    private static final String NAME = "[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}";
    /** RFC 9110 5.6.2 token */
    private static final String TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
    /** RFC 9110 5.6.4 quoted-string, without obs-text */
    private static final String QUOTED = "\"(?:[\\t \\x21\\x23-\\x5B\\x5D-\\x7E]|\\\\[\\t\\x20-\\x7E])*\"";
    private static final Pattern MEDIA_TYPE = Pattern.compile(
            NAME + "/" + NAME + "(?:[ \\t]*;[ \\t]*" + TOKEN + "=(?:" + TOKEN + "|" + QUOTED + "))*[ \\t]*");

    /** What a valid value looks like, for error messages. */
    public static final String EXPECTED = "an RFC 6838 media type (type/subtype[; name=value], printable ASCII),"
                                          + " e.g. text/html; charset=utf-8";

    private static final int CHECKED_MAX = 256;
    private static final int CHECKED_LENGTH = 128;
    private static final java.util.Map<String, Boolean> CHECKED = new java.util.concurrent.ConcurrentHashMap<>();

    private MediaTypes() {
    }

    public static boolean isValid(String value) {
        if (value == null) {
            return false;
        }
        // a harvest checks the same few types once per resource: the regular expression runs once per type
        Boolean known = CHECKED.get(value);
        if (known != null) {
            return known;
        }
        boolean valid = MEDIA_TYPE.matcher(value).matches();
        if (value.length() <= CHECKED_LENGTH && CHECKED.size() < CHECKED_MAX) {
            CHECKED.put(value, valid); // bounded: a Source that sends a new value each time costs a match each
        }
        return valid;
    }
}
