package dev.firebreak.stream;

import java.util.Map;

/** The tests' name for the module's {@link JsonReader}: objects in key order, integers as Long, null as {@link #NULL}. */
final class MiniJson {

    /** JSON null. */
    static final Object NULL = JsonReader.NULL;

    private MiniJson() {
    }

    static Object parse(String text) {
        return JsonReader.parse(text);
    }

    static Map<String, Object> object(String text) {
        return JsonReader.object(text);
    }
}
