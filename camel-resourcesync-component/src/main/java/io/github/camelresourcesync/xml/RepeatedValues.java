package io.github.camelresourcesync.xml;

/**
 * One String per distinct short value of the attributes that repeat from entry to entry ({@code type},
 * {@code change}, {@code capability}, {@code encoding}, {@code rel}): a list of a million entries then holds a handful
 * of media type Strings instead of a million copies. Bounded: values beyond the first {@value #MAX_VALUES}, or longer
 * than {@value #MAX_LENGTH} characters, are simply copied. One per document.
 */
final class RepeatedValues {

    static final int MAX_VALUES = 32;
    static final int MAX_LENGTH = 100;

    private final String[] values = new String[MAX_VALUES];
    private int count;

    String get(AttributeValue value) {
        char[] chars = value.buffer();
        int start = value.start();
        int end = value.end();
        int hash = 0;
        for (int i = start; i < end; i++) {
            hash = 31 * hash + chars[i]; // String.hashCode(), which known values have cached
        }
        int length = end - start;
        for (int i = 0; i < count; i++) {
            String known = values[i];
            if (known.hashCode() == hash && known.length() == length && matches(known, chars, start)) {
                return known;
            }
        }
        String made = new String(chars, start, length);
        if (count < MAX_VALUES && length <= MAX_LENGTH) {
            values[count++] = made;
        }
        return made;
    }

    private static boolean matches(String known, char[] chars, int start) {
        for (int i = 0, n = known.length(); i < n; i++) {
            if (known.charAt(i) != chars[start + i]) {
                return false;
            }
        }
        return true;
    }
}
