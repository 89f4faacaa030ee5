package dev.firebreak.stream;

import java.util.List;
import java.util.Map;

/**
 * Writes one flat-or-nested JSON object on one line, in the order its fields are given: the
 * hystrix.stream's events are written field by field, with integer numbers only (Turbine sums
 * integers and treats anything else as a string).
 *
 * <p>Strings are escaped per RFC 8259: quotes, backslashes and every control character (so a name
 * holding a line break cannot split an SSE frame), plus U+2028 and U+2029.
 *
 * <p>Not thread-safe: one writer per emitter tick.
 */
final class JsonWriter {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final StringBuilder out;
    private boolean first = true;

    JsonWriter(StringBuilder out) {
        this.out = out;
    }

    /** Opens the object. */
    JsonWriter begin() {
        out.append('{');
        first = true;
        return this;
    }

    /** Closes the object opened by {@link #begin()} or {@link #beginObject(String)}. */
    JsonWriter end() {
        out.append('}');
        first = false;
        return this;
    }

    /** Opens a nested object under {@code key}. */
    JsonWriter beginObject(String key) {
        key(key);
        out.append('{');
        first = true;
        return this;
    }

    JsonWriter field(String key, String value) {
        key(key);
        if (value == null) {
            out.append("null");
        } else {
            string(value);
        }
        return this;
    }

    JsonWriter field(String key, long value) {
        key(key);
        out.append(value);
        return this;
    }

    /** A decimal: whole values as integers (so an integer field that became decimal reads the same), null if not finite. */
    JsonWriter field(String key, double value) {
        key(key);
        if (!Double.isFinite(value)) {
            out.append("null");
        } else if (value == Math.rint(value) && Math.abs(value) < 0x1p53) {
            out.append((long) value);
        } else {
            out.append(value); // Double.toString: digits, a point, maybe an exponent; all valid JSON
        }
        return this;
    }

    JsonWriter field(String key, boolean value) {
        key(key);
        out.append(value);
        return this;
    }

    /**
     * Writes a value as {@link JsonReader} parsed it (a map, a list, a Long, a Double, a Boolean, a
     * String or {@link JsonReader#NULL}) under {@code key}; a number that is not finite is written as null.
     */
    JsonWriter parsed(String key, Object value) {
        key(key);
        write(value);
        return this;
    }

    private void write(Object value) {
        if (value instanceof Map<?, ?> map) {
            out.append('{');
            first = true;
            map.forEach((k, v) -> parsed(String.valueOf(k), v));
            out.append('}');
            first = false;
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(list.get(i));
            }
            out.append(']');
        } else if (value instanceof String text) {
            string(text);
        } else if (value instanceof Double d && !Double.isFinite(d)) {
            out.append("null");
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else {
            out.append("null");
        }
    }

    private void key(String key) {
        if (!first) {
            out.append(',');
        }
        first = false;
        string(key);
        out.append(':');
    }

    private void string(String value) {
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029' || c == 0x7f) {
                        out.append("\\u").append(HEX[(c >> 12) & 0xf]).append(HEX[(c >> 8) & 0xf])
                                .append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
