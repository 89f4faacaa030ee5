package dev.firebreak.stream;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON reader for the stream's own frames and for the instances an aggregate reads:
 * objects keep their key order (LinkedHashMap), integers become Long and other numbers Double, so
 * Turbine's rule (only integers are summed) can be applied; null becomes {@link #NULL}. Input from
 * the network is untrusted: nesting is capped at {@value #MAX_DEPTH} levels, and every malformed text,
 * a truncated one included, is an IllegalArgumentException.
 */
final class JsonReader {

    /** The deepest nesting accepted. */
    static final int MAX_DEPTH = 16;

    /** JSON null. */
    static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    private final String text;
    private int at;
    private int depth;

    private JsonReader(String text) {
        this.text = text;
    }

    /** The value {@code text} holds. */
    static Object parse(String text) {
        JsonReader reader = new JsonReader(text);
        Object value;
        try {
            value = reader.value();
        } catch (IndexOutOfBoundsException truncated) {
            throw reader.error("unexpected end");
        }
        reader.space();
        if (reader.at != text.length()) {
            throw reader.error("trailing characters");
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(String text) {
        Object value = parse(text);
        if (!(value instanceof Map<?, ?>)) {
            throw new IllegalArgumentException("not a JSON object: " + abbreviated(text));
        }
        return (Map<String, Object>) value;
    }

    private Object value() {
        space();
        if (at >= text.length()) {
            throw error("unexpected end");
        }
        char c = text.charAt(at);
        if ((c == '{' || c == '[') && ++depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH);
        }
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", NULL);
            default -> number();
        };
    }

    private Map<String, Object> object() {
        Map<String, Object> map = new LinkedHashMap<>();
        at++;
        space();
        if (peek() == '}') {
            at++;
            depth--;
            return map;
        }
        while (true) {
            space();
            String key = string();
            space();
            expect(':');
            if (map.put(key, value()) != null) {
                throw error("duplicate key " + key);
            }
            space();
            if (peek() == ',') {
                at++;
            } else {
                expect('}');
                depth--;
                return map;
            }
        }
    }

    private List<Object> array() {
        List<Object> list = new ArrayList<>();
        at++;
        space();
        if (peek() == ']') {
            at++;
            depth--;
            return list;
        }
        while (true) {
            list.add(value());
            space();
            if (peek() == ',') {
                at++;
            } else {
                expect(']');
                depth--;
                return list;
            }
        }
    }

    private String string() {
        expect('"');
        StringBuilder out = new StringBuilder();
        while (true) {
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                throw error("raw control character in string");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = text.charAt(at++);
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    try {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException notHex) {
                        throw error("bad \\u escape");
                    }
                    at += 4;
                }
                default -> throw error("bad escape");
            }
        }
    }

    private Object number() {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        String n = text.substring(start, at);
        if (n.isEmpty()) {
            throw error("unexpected character");
        }
        try {
            if (n.matches("-?(0|[1-9][0-9]*)")) {
                return Long.parseLong(n);
            }
            return Double.parseDouble(n);
        } catch (NumberFormatException notANumber) {
            throw error("bad number " + abbreviated(n));
        }
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, at)) {
            throw error("bad literal");
        }
        at += word.length();
        return value;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        at++;
    }

    private char peek() {
        return at < text.length() ? text.charAt(at) : '\0';
    }

    private void space() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at " + at + " in " + abbreviated(text));
    }

    private static String abbreviated(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
